import { FLYER_MAX_BYTES } from "#common/flyer-sizes.ts";
import type { FastifyInstance, FastifyReply } from "fastify";

/** The site's own forms: text fields only (flyers go to /api/upload/flyer/). */
export const FORM_BODY_LIMIT_BYTES = 1_048_576;

/**
 * The admin's club form posts a photo as multipart/form-data (it works without JavaScript):
 * there, and only as multipart, a body may hold one image of at most FLYER_MAX_BYTES.
 */
const imageFormPaths = /^\/admin\/katalog\/clubs\/[^/?]+(\?|$)/;
const IMAGE_FORM_BODY_LIMIT_BYTES = FLYER_MAX_BYTES + 256 * 1024;

const refuse = (reply: FastifyReply, status: 411 | 413) =>
  reply
    .status(status)
    .type("text/plain; charset=utf-8")
    .header("connection", "close")
    .send(status === 413 ? "Die Anfrage ist zu groß." : "Bitte sende die Länge des Inhalts mit.");

/**
 * A size limit for routes that hand the raw request stream on unread (the React Router
 * handler reads `request.raw` itself, so Fastify's bodyLimit never applies): a body must declare
 * its length (browsers always do for forms and fetch), and a length over the limit is refused
 * before a byte of it is read.
 */
export function limitRawBodies(app: FastifyInstance, maxBytes = FORM_BODY_LIMIT_BYTES) {
  app.addHook("onRequest", async (request, reply) => {
    const length = request.headers["content-length"];
    if (length === undefined) {
      if (request.headers["transfer-encoding"] !== undefined) return refuse(reply, 411);
      return;
    }
    const imageForm =
      imageFormPaths.test(request.url) &&
      (request.headers["content-type"] ?? "").startsWith("multipart/form-data");
    const limit = imageForm ? Math.max(maxBytes, IMAGE_FORM_BODY_LIMIT_BYTES) : maxBytes;
    if (!/^\d+$/.test(length) || Number(length) > limit) return refuse(reply, 413);
  });
}
