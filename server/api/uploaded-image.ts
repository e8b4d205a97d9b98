import type { FastifyRequest } from "fastify";
import { ValidationError } from "#server/domain/errors.ts";
import { imageMessages } from "#server/domain/uploads/image-encoding.server.ts";

/**
 * The one image of a multipart/form-data upload, read from the form field `field` (flyers,
 * club photos); a missing, oversized or malformed upload is a German field error. Needs
 * @fastify/multipart registered with a `fileSize` limit.
 */
export async function readUploadedImage(request: FastifyRequest, field: string): Promise<Buffer> {
  const notMultipart = new ValidationError({
    [field]: [`Bitte sende das Bild als multipart/form-data im Feld „${field}“.`],
  });
  if (!request.isMultipart()) throw notMultipart;
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field) {
      throw new ValidationError({ [field]: [imageMessages.missing] });
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new ValidationError({ [field]: [imageMessages.tooLarge] });
    }
    if (code?.startsWith("FST_")) throw notMultipart;
    throw error;
  }
}
