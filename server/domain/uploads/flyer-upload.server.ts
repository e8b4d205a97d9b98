import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { FLYER_MAIN_WIDTH, FLYER_MAX_BYTES, FLYER_WIDTHS } from "#common/flyer-sizes.ts";
import { flyerUploads } from "#server/db/schema/uploads.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { flyerFolderOf } from "./flyer-files.server.ts";

/** At most 40 megapixels: a 30000×30000 decompression bomb is refused before decoding. */
const FLYER_MAX_PIXELS = 40_000_000;

const acceptedTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

export const flyerMessages = {
  missing: "Bitte wähle ein Bild aus.",
  wrongType: "Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch.",
  tooLarge: "Das Bild ist zu groß: höchstens 10 MB.",
  tooManyPixels: "Das Bild hat zu viele Pixel: höchstens 40 Megapixel.",
  unreadable: "Das Bild lässt sich nicht lesen. Bitte versuche es mit einer anderen Datei.",
} as const;

const refuse = (message: string): never => {
  throw new ValidationError({ flyer: [message] });
};

/**
 * Checks an uploaded flyer by its content (not its name), re-encodes it with sharp to WebP in
 * three widths (turned upright, metadata stripped) and stores it under a random name.
 * Returns the stored path of the main width, for the event's `flyer` field.
 */
export async function uploadFlyer(
  deps: DomainDeps,
  userId: number,
  data: Buffer,
): Promise<{ path: string }> {
  if (data.length === 0) refuse(flyerMessages.missing);
  if (data.length > FLYER_MAX_BYTES) refuse(flyerMessages.tooLarge);
  const type = await fileTypeFromBuffer(data);
  if (!type || !acceptedTypes.has(type.mime)) refuse(flyerMessages.wrongType);

  let metadata: sharp.Metadata;
  try {
    // Only the header is read here, so no pixel limit is needed yet; the size check follows.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(flyerMessages.unreadable);
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > FLYER_MAX_PIXELS) refuse(flyerMessages.tooManyPixels);
  if (width === 0 || height === 0) refuse(flyerMessages.unreadable);

  const encoded: { width: number; body: Buffer }[] = [];
  try {
    for (const targetWidth of FLYER_WIDTHS) {
      const body = await sharp(data, { limitInputPixels: FLYER_MAX_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: targetWidth, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      encoded.push({ width: targetWidth, body });
    }
  } catch {
    return refuse(flyerMessages.unreadable);
  }

  const base = `${flyerFolderOf(userId)}${randomBytes(16).toString("hex")}`;
  const path = `${base}-${FLYER_MAIN_WIDTH}.webp`;
  // Noted first, so files a failed write leaves behind are cleaned up too.
  await deps.db.insert(flyerUploads).values({ path, userId, uploadedAt: deps.now() });
  for (const { width: variantWidth, body } of encoded) {
    await deps.storage.put(`${base}-${variantWidth}.webp`, body, "image/webp");
  }
  return { path };
}
