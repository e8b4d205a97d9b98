import sharp from "sharp";
import { FLYER_MAIN_WIDTH, FLYER_WIDTHS } from "#common/flyer-sizes.ts";
import type { MediaStorage } from "#server/storage/media-storage.ts";

/** At most 40 megapixels: a 30000×30000 decompression bomb is refused before decoding. */
export const FLYER_MAX_PIXELS = 40_000_000;

export interface EncodedFlyer {
  width: number;
  body: Buffer;
}

export interface FlyerEncodingOptions {
  /** How sharp reads `data` when it is no image file (generated flyers hand over raw pixels). */
  raw?: sharp.CreateRaw;
  /** WebP effort 0–6 (default 4); generated flyers use 0 to keep seeding fast. */
  effort?: number;
}

/**
 * The flyer pipeline every flyer goes through, uploaded or generated: turned upright, metadata
 * stripped, WebP in the three widths of FLYER_WIDTHS (never enlarged: a width at or beyond the
 * image's own reuses the file of its own width instead of encoding it again). Throws when sharp
 * cannot read the image.
 */
export async function encodeFlyerWidths(
  data: Buffer,
  options: FlyerEncodingOptions = {},
): Promise<EncodedFlyer[]> {
  const input = {
    limitInputPixels: FLYER_MAX_PIXELS,
    failOn: "error" as const,
    ...(options.raw ? { raw: options.raw } : {}),
  };
  const metadata = options.raw ?? (await sharp(data, input).rotate().metadata());
  // Turned upright, a photo's width is its height when EXIF says it lies on its side.
  const sidewaysOrientations = [5, 6, 7, 8];
  const sourceWidth =
    "orientation" in metadata && sidewaysOrientations.includes(metadata.orientation ?? 1)
      ? (metadata.height ?? 0)
      : (metadata.width ?? 0);
  const targets = [...new Set(FLYER_WIDTHS.map((width) => Math.min(width, sourceWidth)))];
  const bodies = new Map(
    await Promise.all(
      targets.map(
        async (width) =>
          [
            width,
            await sharp(data, input)
              .rotate()
              .resize({ width, withoutEnlargement: true })
              .webp({ quality: 82, effort: options.effort ?? 4 })
              .toBuffer(),
          ] as const,
      ),
    ),
  );
  return FLYER_WIDTHS.map((width) => ({
    width,
    body: bodies.get(Math.min(width, sourceWidth))!,
  }));
}

/** Stores the widths under `base` ("flyers/u12/<name>"); answers the main width's path. */
export async function storeFlyerWidths(
  storage: MediaStorage,
  base: string,
  encoded: EncodedFlyer[],
): Promise<string> {
  for (const { width, body } of encoded) {
    await storage.put(`${base}-${width}.webp`, body, "image/webp");
  }
  return `${base}-${FLYER_MAIN_WIDTH}.webp`;
}
