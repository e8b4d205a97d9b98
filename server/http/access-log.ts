import { LogController, type FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Fastify's own log lines without its two per request ("incoming", "completed"). */
class ErrorsOnlyLogController extends LogController {
  override incomingRequest() {}
  override requestCompleted() {}
}

/** For `Fastify({ logController })`: errors are still logged by Fastify, answers by accessLog. */
export const errorsOnlyLogController = () => new ErrorsOnlyLogController();

/**
 * One access log line per answer (instead of Fastify's two), and none for answers from the page
 * cache: at thousands of hits a second, writing JSON lines would cost more than the hits
 * themselves (decision 0100). Errors are logged where they are handled, cache hit or not.
 */
export const accessLog = fp(async (app: FastifyInstance) => {
  app.addHook("onResponse", async (request, reply) => {
    if (reply.getHeader("x-page-cache") === "hit") return;
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request completed",
    );
  });
});
