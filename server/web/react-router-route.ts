import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableMessage,
} from "#server/db/database-unavailable.ts";
import { databaseAnswers } from "#server/domain/health/readiness.server.ts";
import { siteUrlOf, type SiteAddress } from "#server/site-address.ts";

export interface ReactRouterRouteOptions {
  /** The server build, or (development) a function that loads the current one through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  site: SiteAddress;
  getLoadContext: (request: FastifyRequest, reply: FastifyReply) => Promise<AppLoadContext>;
}

/**
 * The fetch `Request` React Router renders and routes: the site's own URL for the request's
 * normalised path (decision 0196) — never one built from `Host` — with the request's headers and,
 * for writes, its unread body stream. Aborted when the client goes away before the answer ends.
 */
function fetchRequestOf(site: SiteAddress, request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  let controller: AbortController | null = new AbortController();
  reply.raw.on("finish", () => (controller = null));
  reply.raw.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = "half";
  }
  return new Request(siteUrlOf(site, request.url), init);
}

/**
 * A page is sent as one buffer (decision 0251): the site's pages render in one part (no deferred
 * data), so streaming it gained nothing, while the stream cost each uncached page two stream
 * conversions and the compressor's stream plumbing. A buffer is compressed in one call, and the
 * page cache keeps it without reading a stream. Other answers (loader data, resource routes)
 * stream as before.
 */
async function sendResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  // Headers iterate Set-Cookie once per cookie; Fastify's reply.header collects them.
  for (const [name, value] of response.headers) reply.header(name, value);
  // No body (a redirect, a HEAD): nothing is sent — `send(null)` would send the text "null".
  if (!response.body) return reply.send();
  if (!response.headers.get("content-type")?.startsWith("text/html")) {
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  }
  let page: Buffer;
  try {
    page = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    // The visitor went away while the page rendered: nobody is left to answer.
    if (reply.raw.destroyed) return reply.hijack();
    throw error;
  }
  return reply.send(page);
}

/**
 * A page that failed because the database cannot be reached (restarting after a crash): 503
 * with a German note and `Retry-After`, instead of the error page's 500 (decision 0201).
 */
function sendDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="de"><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_SECONDS}">` +
        `<title>Gleich wieder da</title><p>${databaseUnavailableMessage}</p></html>`,
    );
}

/**
 * Every path no other route claims is React Router's: pages, loaders' data requests and form
 * actions. The body is handed over unread (limited in size by `limitRawBodies` before this runs).
 */
export async function reactRouterRoute(app: FastifyInstance, options: ReactRouterRouteOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  await app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    child.all("*", async (request, reply) => {
      const context = await options.getLoadContext(request, reply);
      const response = await handleRequest(fetchRequestOf(options.site, request, reply), context);
      if (response.status >= 500 && !(await databaseAnswers(context.deps))) {
        await response.body?.cancel();
        return sendDatabaseUnavailable(reply);
      }
      return sendResponse(reply, response);
    });
  });
}
