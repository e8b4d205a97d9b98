import sharp from "sharp";
import {
  FLYER_MAIN_WIDTH,
  FLYER_THUMBNAIL_SOURCE_WIDTH,
  FLYER_THUMBNAIL_WIDTH,
  FLYER_WIDTHS,
  flyerVariantPath,
} from "#common/flyer-sizes.ts";
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
 * stripped, WebP in the widths of FLYER_WIDTHS (never enlarged: a width at or beyond the
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
          [width, await encodeWidth(sharp(data, input).rotate(), width, options.effort)] as const,
      ),
    ),
  );
  return FLYER_WIDTHS.map((width) => ({
    width,
    body: bodies.get(Math.min(width, sourceWidth))!,
  }));
}

function encodeWidth(image: sharp.Sharp, width: number, effort = 4): Promise<Buffer> {
  return image.resize({ width, withoutEnlargement: true }).webp({ quality: 82, effort }).toBuffer();
}

/**
 * An image stored before the thumbnail width existed has no `-240.webp` file: it is made from
 * the image's 400 px file and stored, once, when first asked for (decision 0194). Null for any
 * other key, or when there is no 400 px file to make it from.
 */
export async function makeMissingThumbnail(
  storage: MediaStorage,
  key: string,
): Promise<Buffer | null> {
  if (!isThumbnailKey(key)) return null;
  const sourceKey = flyerVariantPath(key, FLYER_THUMBNAIL_SOURCE_WIDTH);
  const source = sourceKey ? await storage.get(sourceKey) : null;
  if (!source) return null;
  const body = await encodeWidth(
    sharp(source.body, { limitInputPixels: FLYER_MAX_PIXELS, failOn: "error" }),
    FLYER_THUMBNAIL_WIDTH,
  ).catch(() => null);
  if (body) await storage.put(key, body, "image/webp");
  return body;
}

/** The key of an image's thumbnail width (`…-240.webp`). */
export const isThumbnailKey = (key: string) => key.endsWith(`-${FLYER_THUMBNAIL_WIDTH}.webp`);

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
