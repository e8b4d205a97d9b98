import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Cookies of a signed-in visitor are named auth… (SPEC §3). */
const AUTH_COOKIE_PREFIX = "auth";

/**
 * Answers to a signed-in visitor (an auth cookie or a bearer token) are never stored by a CDN,
 * the browser's HTTP cache or the service worker, whatever the route said (decision 0023).
 */
export const privateResponses = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (request, reply, payload) => {
    if (isAuthenticatedRequest(request.headers)) {
      reply.header("cache-control", "private, no-store");
    }
    return payload;
  });
});

export function isAuthenticatedRequest(headers: {
  authorization?: string;
  cookie?: string;
}): boolean {
  if (headers.authorization) return true;
  return (headers.cookie ?? "")
    .split(";")
    .some((pair) => pair.trim().startsWith(AUTH_COOKIE_PREFIX));
}
