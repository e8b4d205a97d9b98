import type { FastifyInstance, FastifyReply } from "fastify";

/** The site's own forms: text fields only (flyers go to /api/upload/flyer/). */
export const FORM_BODY_LIMIT_BYTES = 1_048_576;

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
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) return refuse(reply, 413);
  });
}
