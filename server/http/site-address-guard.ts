import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { judgeHost, normalisedPath, type SiteAddress } from "#server/site-address.ts";

/** Marks a raw request whose target was not a path (set by the URL rewrite, read by the guard). */
const notAPath = Symbol("request target is not a path");
type MarkedRequest = IncomingMessage & { [notAPath]?: true };

export const badHostMessage = "Ungültige Anfrage: Die Adresse (Host) fehlt oder ist ungültig.";
export const badTargetMessage = "Ungültige Anfrage: Das Ziel der Anfrage ist kein Pfad.";

/**
 * Fastify's `rewriteUrl`: every request is routed by its path in normal form (decision 0196), so
 * the router, the page cache and the render read one and the same path. A target that is not a
 * path is routed to `/` and refused by `siteAddressGuard` before any hook or route runs.
 */
export function normalisedRequestPath(site: SiteAddress) {
  return (raw: IncomingMessage): string => {
    const path = normalisedPath(site, raw.url ?? "");
    if (path !== null) return path;
    (raw as MarkedRequest)[notAPath] = true;
    return "/";
  };
}

function refuse(request: FastifyRequest, reply: FastifyReply, message: string) {
  reply.status(400).header("connection", "close").header("cache-control", "no-store");
  if (request.url.startsWith("/api/")) return reply.send({ detail: message });
  return reply.type("text/plain; charset=utf-8").send(message);
}

/**
 * The first hook of every request: a target that is not a path, or a missing or malformed `Host`,
 * gets 400; a well-formed host that is not the site's gets a redirect to the site's own address
 * (GET, HEAD) or 400 — before the page cache, limits, redirects or any route run.
 */
export const siteAddressGuard = fp(
  async (app: FastifyInstance, { site }: { site: SiteAddress }) => {
    app.addHook("onRequest", async (request, reply) => {
      if ((request.raw as MarkedRequest)[notAPath]) return refuse(request, reply, badTargetMessage);
      const verdict = judgeHost(site, {
        method: request.method,
        path: request.url,
        // Fastify's host: a trusted proxy's X-Forwarded-Host (TRUST_PROXY), else the Host header.
        host: request.host || undefined,
      });
      if (verdict.kind === "site") return;
      if (verdict.kind === "foreign" && verdict.location) {
        return reply.header("cache-control", "no-store").redirect(verdict.location, 301);
      }
      return refuse(request, reply, badHostMessage);
    });
  },
  { name: "site-address-guard" },
);
