import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type sharp from "sharp";
import { FLYER_MAIN_WIDTH, FLYER_MAX_BYTES } from "#common/flyer-sizes.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { configuredSharp } from "./configured-sharp.server.ts";
import {
  encodeFlyerWidths,
  FLYER_MAX_PIXELS,
  storeFlyerWidths,
  type EncodedFlyer,
} from "./flyer-encoding.server.ts";
import { takeImageUpload } from "./upload-quota.server.ts";

const acceptedTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

export const imageMessages = {
  missing: "Bitte wähle ein Bild aus.",
  wrongType: "Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch.",
  tooLarge: "Das Bild ist zu groß: höchstens 10 MB.",
  tooManyPixels: `Das Bild hat zu viele Pixel: höchstens ${FLYER_MAX_PIXELS / 1_000_000} Megapixel.`,
  unreadable: "Das Bild lässt sich nicht lesen. Bitte versuche es mit einer anderen Datei.",
} as const;

/** An image checked and re-encoded, ready to store: one WebP body per width. */
export interface EncodedImage {
  variants: EncodedFlyer[];
}

/**
 * The upload pipeline of flyers and club photos: checks an upload by its content (not its
 * name), counts it against the uploader's hourly quota (429), then re-encodes it as every flyer
 * is (flyer-encoding.server.ts: WebP in the widths of FLYER_WIDTHS, turned upright, metadata
 * stripped) when the image queue gives it a turn (503 when too many wait; decision 0198). A
 * refusal of the image is a German field error on `field`.
 */
export async function encodeImage(
  deps: DomainDeps,
  uploaderId: number,
  data: Buffer,
  field: string,
): Promise<EncodedImage> {
  const refuse = (message: string): never => {
    throw new ValidationError({ [field]: [message] });
  };
  if (data.length === 0) refuse(imageMessages.missing);
  if (data.length > FLYER_MAX_BYTES) refuse(imageMessages.tooLarge);
  const type = await fileTypeFromBuffer(data);
  if (!type || !acceptedTypes.has(type.mime)) refuse(imageMessages.wrongType);

  const sharp = await configuredSharp();
  let metadata: sharp.Metadata;
  try {
    // Only the header is read here, so no pixel limit is needed yet; the size check follows.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(imageMessages.unreadable);
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > FLYER_MAX_PIXELS) refuse(imageMessages.tooManyPixels);
  if (width === 0 || height === 0) refuse(imageMessages.unreadable);

  await takeImageUpload(deps, uploaderId);
  const variants = await deps.images.runUpload(() =>
    encodeFlyerWidths(data).catch(() => refuse(imageMessages.unreadable)),
  );
  return { variants };
}

/** A fresh random base name in `folder`, and the path of its main width (what rows keep). */
export function newImagePath(folder: string): { base: string; path: string } {
  const base = `${folder}${randomBytes(16).toString("hex")}`;
  return { base, path: `${base}-${FLYER_MAIN_WIDTH}.webp` };
}

/** Writes every width of an encoded image under `base`. */
export async function storeImage(
  deps: DomainDeps,
  base: string,
  image: EncodedImage,
): Promise<void> {
  await storeFlyerWidths(deps.storage, base, image.variants);
}
