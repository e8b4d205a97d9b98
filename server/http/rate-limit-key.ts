import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";

/** Whom a request of a client that left before the limit counted it is counted for. */
export const GONE_CLIENT_KEY = "gone";

/**
 * Whom the rate limits count a request for: its client's address, an IPv6 address by its /64
 * (as the plugin's own key does). A client that hung up before its request reached the limit
 * has no address any more (`request.ip` is undefined): the plugin's own key failed on it and
 * logged an error 500 that nobody received.
 */
export function rateLimitKey(request: Pick<FastifyRequest, "ip">): string {
  const ip = request.ip as string | undefined;
  return ip === undefined ? GONE_CLIENT_KEY : normalizeIP(ip);
}
