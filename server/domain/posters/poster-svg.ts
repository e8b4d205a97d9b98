/**
 * Posters drawn as small SVG documents, for sharp to render (decision 0131): demo flyers, demo
 * club pictures and the share images (og:image) of pages without a picture of their own. Text
 * is escaped for XML; nothing here reads files or fonts beyond the system's sans-serif.
 */

export interface Palette {
  background: string;
  accent: string;
  ink: string;
}

/** One palette per genre family; anything else gets the last one. */
const palettes: Record<string, Palette> = {
  techno: { background: "#0d0d12", accent: "#ff3b3b", ink: "#f4f1ea" },
  house: { background: "#2b1038", accent: "#ffb347", ink: "#fff4e6" },
  "drum-and-bass": { background: "#06140f", accent: "#b6ff3b", ink: "#eafbe9" },
  bass: { background: "#160a2e", accent: "#a77bff", ink: "#f1ebff" },
  sonstiges: { background: "#0a1a2f", accent: "#39c6ff", ink: "#e9f6ff" },
};

export function paletteOf(categorySlug: string | null | undefined): Palette {
  return palettes[categorySlug ?? ""] ?? palettes.sonstiges!;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Breaks text into at most `maxLines` lines of about `perLine` characters at spaces (a word
 * longer than a line stays whole; the last line ends in "…" when text is left over).
 */
export function wrapWords(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  // \u2013 is the en dash, escaped: the bundle does not escape a regex literal's (decision 0254).
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:\u2013-]+$/, "")} …`;
  return kept;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  lineHeight: number,
  attributes: string,
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-size="${size}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join("");
}

/** A number from a text, to vary the shapes of posters of the same palette. */
function shapeSeed(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;

/** Circles and bars behind the text, different per title. */
function backdrop(width: number, height: number, palette: Palette, seedText: string): string {
  const seed = shapeSeed(seedText);
  const cx = (seed % 7) * (width / 6);
  const cy = ((seed >> 3) % 5) * (height / 8);
  const radius = width * (0.45 + ((seed >> 6) % 4) * 0.1);
  const stripes = Array.from({ length: 6 }, (_, index) => {
    const y = height * 0.55 + index * 18 + ((seed >> (index + 8)) % 3) * 4;
    return `<rect x="0" y="${y}" width="${width}" height="6" fill="${palette.accent}" opacity="${0.12 + index * 0.05}"/>`;
  }).join("");
  return `<rect width="${width}" height="${height}" fill="${palette.background}"/>
<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${palette.accent}" opacity="0.22"/>
<circle cx="${width - cx / 2}" cy="${height - cy / 3}" r="${radius * 0.6}" fill="${palette.ink}" opacity="0.06"/>
${stripes}`;
}

export interface FlyerPosterContent {
  title: string;
  /** "Sa., 21.11. · 23:00 Uhr" */
  when: string;
  place: string;
  lineup: string[];
  categorySlug: string | null;
}

/** A party flyer at 4:5 (800×1000), as listings show flyers. */
export function flyerPosterSvg(content: FlyerPosterContent): string {
  const width = 800;
  const height = 1000;
  const palette = paletteOf(content.categorySlug);
  const title = wrapWords(content.title.toUpperCase(), 13, 4);
  const titleSize = title.some((line) => line.length > 10) ? 76 : 92;
  const lineup = content.lineup.slice(0, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${backdrop(width, height, palette, content.title)}
${textLines([content.when], 56, 110, 38, 0, `${FONT} font-weight="700" fill="${palette.accent}"`)}
${textLines(title, 56, 250, titleSize, titleSize * 1.05, `${FONT} font-weight="900" fill="${palette.ink}"`)}
${textLines(lineup, 56, 730, 36, 46, `${FONT} font-weight="700" fill="${palette.ink}"`)}
<rect x="56" y="912" width="688" height="4" fill="${palette.accent}"/>
${textLines([content.place], 56, 962, 34, 0, `${FONT} font-weight="700" fill="${palette.ink}"`)}
</svg>`;
}

/** A club's picture (800×520): its name over the palette of the music it mostly plays. */
export function clubPictureSvg(content: { name: string; address: string; categorySlug: string }) {
  const width = 800;
  const height = 520;
  const palette = paletteOf(content.categorySlug);
  const name = wrapWords(content.name.toUpperCase(), 14, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${backdrop(width, height, palette, content.name)}
${textLines(name, 48, 190, 72, 78, `${FONT} font-weight="900" fill="${palette.ink}"`)}
${textLines([content.address], 48, 470, 28, 0, `${FONT} font-weight="700" fill="${palette.accent}"`)}
</svg>`;
}

export interface ShareCardContent {
  /** A small first line: "Party", "Club", "Veranstalter" or the city. */
  kicker: string;
  title: string;
  /** Up to two lines under the title: date, club, address … */
  lines: string[];
  siteName: string;
  categorySlug: string | null;
  /** Leaves the right 504 px free for a picture composited on top (the flyer at 4:5). */
  withPicture: boolean;
}

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_PICTURE_WIDTH = 504;

/** A link preview (1200×630, Open Graph's size). */
export function shareCardSvg(content: ShareCardContent): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  const palette = paletteOf(content.categorySlug);
  const textWidth = content.withPicture ? width - SHARE_PICTURE_WIDTH : width;
  const perLine = Math.floor((textWidth - 128) / 40);
  const title = wrapWords(content.title, perLine, 3);
  const lines = content.lines
    .filter(Boolean)
    .slice(0, 2)
    .map((line) => wrapWords(line, Math.floor((textWidth - 128) / 19), 1)[0]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${backdrop(width, height, palette, content.title)}
${textLines([content.kicker.toUpperCase()], 64, 110, 30, 0, `${FONT} font-weight="700" letter-spacing="3" fill="${palette.accent}"`)}
${textLines(title, 64, 200, 72, 80, `${FONT} font-weight="900" fill="${palette.ink}"`)}
${textLines(lines, 64, 470, 34, 46, `${FONT} font-weight="700" fill="${palette.ink}"`)}
${textLines([content.siteName], 64, 585, 28, 0, `${FONT} font-weight="700" fill="${palette.accent}"`)}
</svg>`;
}
