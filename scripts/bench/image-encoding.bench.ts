// What one image costs the flyer pipeline (decision 0198): CPU time of `encodeFlyerWidths` (all
// threads of the process, the faster of two runs) by megapixels and format, for the formats
// that cost the most per pixel. Sizes up to FLYER_MAX_PIXELS; prints a table for the decision.
import os from "node:os";
import sharp from "sharp";
import {
  encodeFlyerWidths,
  FLYER_MAX_PIXELS,
} from "#server/domain/uploads/flyer-encoding.server.ts";
import { IMAGE_THREADS } from "#server/domain/uploads/configured-sharp.server.ts";
import { startedAt } from "./bench-report.ts";

sharp.concurrency(IMAGE_THREADS);

/** Flat colour with alpha compresses well, so even 40 megapixels stay under the 10 MB limit. */
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: "#c2007a80" } });
const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });

const formats: [string, (width: number, height: number) => Promise<Buffer>][] = [
  ["AVIF", (width, height) => flat(width, height).avif({ effort: 0 }).toBuffer()],
  [
    "PNG 16-bit RGBA, interlaced",
    (width, height) =>
      flat(width, height).toColourspace("rgb16").png({ progressive: true }).toBuffer(),
  ],
  ["PNG 8-bit RGB", (width, height) => flat(width, height).removeAlpha().png().toBuffer()],
  ["JPEG (noise, q50)", (width, height) => noisy(width, height).jpeg({ quality: 50 }).toBuffer()],
  ["WebP", (width, height) => flat(width, height).webp({ effort: 0 }).toBuffer()],
];

async function cpuMillis(data: Buffer): Promise<number> {
  let fastest = Infinity;
  for (let run = 0; run < 2; run++) {
    const before = process.cpuUsage();
    await encodeFlyerWidths(data);
    const used = process.cpuUsage(before);
    fastest = Math.min(fastest, (used.user + used.system) / 1000);
  }
  return Math.round(fastest);
}

const megapixels = [4, 8, 16, 25, 32, 40].filter((mp) => mp * 1_000_000 <= FLYER_MAX_PIXELS);
const started = startedAt();
const loadBefore = os.loadavg()[0]!.toFixed(1);
const rows: string[] = [];
for (const mp of megapixels) {
  // Portrait 4:5, as flyers are.
  const width = Math.floor(Math.sqrt((mp * 1_000_000 * 4) / 5));
  const height = Math.floor((width * 5) / 4);
  const cells: string[] = [];
  for (const [, make] of formats) {
    const data = await make(width, height);
    cells.push(`${await cpuMillis(data)} ms (${Math.round(data.length / 1024)} kB)`);
  }
  rows.push(`| ${mp} MP (${width}×${height}) | ${cells.join(" | ")} |`);
  console.info(rows.at(-1));
}
console.info(
  [
    "",
    `Run ${started} UTC, libvips threads ${IMAGE_THREADS}, load ${loadBefore} → ${os.loadavg()[0]!.toFixed(1)}; CPU time per image (file size):`,
    "",
    `| size | ${formats.map(([name]) => name).join(" | ")} |`,
    `| --- | ${formats.map(() => "---").join(" | ")} |`,
    ...rows,
  ].join("\n"),
);
