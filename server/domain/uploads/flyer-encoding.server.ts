import type sharp from "sharp";
import {
  FLYER_MAIN_WIDTH,
  FLYER_THUMBNAIL_SOURCE_WIDTH,
  FLYER_THUMBNAIL_WIDTH,
  FLYER_WIDTHS,
  flyerVariantPath,
} from "#common/flyer-sizes.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { MediaStorage } from "#server/storage/media-storage.ts";
import { configuredSharp } from "./configured-sharp.server.ts";

/**
 * At most 25 megapixels: the costliest format (AVIF) then takes about a second of one core to
 * encode (measured: decision 0198), and a 30000×30000 decompression bomb is refused before
 * decoding.
 */
export const FLYER_MAX_PIXELS = 25_000_000;

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
 * image's own reuses the file of its own width instead of encoding it again). The image is
 * decoded once, shrunk to the widest width, and every width is encoded from those pixels, one
 * after another: one image keeps one thread busy, never more (decision 0198). Throws when
 * sharp cannot read the image.
 */
export async function encodeFlyerWidths(
  data: Buffer,
  options: FlyerEncodingOptions = {},
): Promise<EncodedFlyer[]> {
  const widest = Math.max(...FLYER_WIDTHS);
  const sharp = await configuredSharp();
  const { data: pixels, info } = await sharp(data, {
    limitInputPixels: FLYER_MAX_PIXELS,
    failOn: "error",
    ...(options.raw ? { raw: options.raw } : {}),
  })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const bodies = new Map<number, Buffer>();
  for (const width of new Set(FLYER_WIDTHS.map((width) => Math.min(width, info.width)))) {
    bodies.set(width, await encodeWidth(sharp(pixels, { raw }), width, options.effort));
  }
  return FLYER_WIDTHS.map((width) => ({
    width,
    body: bodies.get(Math.min(width, info.width))!,
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
  deps: Pick<DomainDeps, "storage" | "images">,
  key: string,
): Promise<Buffer | null> {
  if (!isThumbnailKey(key)) return null;
  const sourceKey = flyerVariantPath(key, FLYER_THUMBNAIL_SOURCE_WIDTH);
  const source = sourceKey ? await deps.storage.get(sourceKey) : null;
  if (!source) return null;
  const sharp = await configuredSharp();
  const body = await deps.images
    .runForVisitor(() =>
      encodeWidth(
        sharp(source.body, { limitInputPixels: FLYER_MAX_PIXELS, failOn: "error" }),
        FLYER_THUMBNAIL_WIDTH,
      ),
    )
    .catch(() => null);
  if (body) await deps.storage.put(key, body, "image/webp");
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
