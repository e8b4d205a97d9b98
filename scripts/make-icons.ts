// Draws the app icons (favicon, PWA icons 192/512, maskable, Apple touch icon) into public/ from
// one SVG: the logo mark — a sun setting behind horizon lines — in neon on near-black.
// Run after changing the design: node --import tsx scripts/make-icons.ts
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const accent = "#ff3d9a";
const night = "#0b0a0f";

/** The mark on a background; `scale` is the sun's share of the canvas (maskable needs ≤ 0.8). */
function iconSvg({ scale, rounded }: { scale: number; rounded: boolean }): string {
  const radius = 256 * scale;
  const stripe = (y: number, height: number) =>
    `<rect x="0" y="${256 + y * radius}" width="512" height="${height * radius}" fill="${night}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="${night}"/>
  <defs><clipPath id="sun"><circle cx="256" cy="256" r="${radius}"/></clipPath></defs>
  <g clip-path="url(#sun)">
    <rect width="512" height="512" fill="${accent}"/>
    ${stripe(0.08, 0.17)}${stripe(0.42, 0.2)}${stripe(0.79, 0.24)}
  </g>
</svg>`;
}

const publicDir = path.resolve("public");
mkdirSync(path.join(publicDir, "icons"), { recursive: true });
writeFileSync(path.join(publicDir, "favicon.svg"), iconSvg({ scale: 0.82, rounded: true }));

const outputs = [
  { file: "icons/icon-192.png", size: 192, scale: 0.7, rounded: true },
  { file: "icons/icon-512.png", size: 512, scale: 0.7, rounded: true },
  { file: "icons/maskable-512.png", size: 512, scale: 0.56, rounded: false },
  { file: "icons/apple-touch-icon.png", size: 180, scale: 0.62, rounded: false },
];
for (const { file, size, scale, rounded } of outputs) {
  await sharp(Buffer.from(iconSvg({ scale, rounded })))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
}
console.info(`Wrote favicon.svg and ${outputs.length} PNG icons to public/`);
