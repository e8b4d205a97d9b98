import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import type { DomainDeps } from "#server/domain/deps.ts";
import { currentContentVersion } from "#server/domain/content-version/content-version.server.ts";
import { isAuthenticatedRequest } from "#server/http/private-responses.ts";
import { cacheKeyOf, type CacheKey } from "./cache-key.ts";
import {
  COMPRESSION_THRESHOLD_BYTES,
  encodeBody,
  negotiateEncoding,
  type ResponseEncoding,
} from "./response-encodings.ts";

/**
 * The anonymous page cache (decisions 0012, 0100). Public pages and public GET endpoints of the
 * API opt in by sending `Cache-Control` with `s-maxage`; for visitors without a session their
 * answers are kept in memory for `ttlSeconds` and dropped as soon as the content version moves
 * (any change to what they show, on any instance). A kept answer holds its body once per
 * coding (brotli, gzip, identity — each compressed once, when first asked for) and its ETag; a
 * hit sends those bytes untouched (marked encoded, so @fastify/compress passes them through) or
 * `304 Not Modified` when the visitor's `If-None-Match` names the ETag. Answers that set a
 * cookie are never kept; signed-in visitors always get a fresh answer. Concurrent requests for
 * a key being rendered wait for that one rendering. Memory is bounded in bytes: the least
 * recently used answers go first.
 */

interface CachedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  etag: string;
  /** The body in each coding asked for so far; identity always. */
  bodies: Partial<Record<ResponseEncoding, Buffer>>;
  /** Codings being compressed right now, so concurrent hits compress once. */
  encoding: Partial<Record<ResponseEncoding, Promise<Buffer>>>;
  version: number;
}

/** The default memory budget: bodies (all codings) and keys of the kept answers together. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Headers made per answer or per coding, never copied from a kept one. */
const skippedHeaders = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "date",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "x-page-cache",
  "x-worker",
]);
const uncachedPaths = /^\/(assets|media)\//;
const apiPath = /^\/api\//;

/** Whether a request may be answered from the cache (GET or HEAD, no session). */
function isCacheableRequest(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !uncachedPaths.test(request.url) &&
    !isAuthenticatedRequest(request.headers)
  );
}

function optsIn(reply: FastifyReply): boolean {
  const cacheControl = String(reply.getHeader("cache-control") ?? "");
  return (
    reply.statusCode === 200 &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    !/\b(private|no-store)\b/.test(cacheControl) &&
    reply.getHeader("set-cookie") === undefined
  );
}

async function bodyOf(payload: unknown): Promise<Buffer | null> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === "string") return Buffer.from(payload);
  if (payload && typeof (payload as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as AsyncIterable<Buffer | string>) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    }
    return Buffer.concat(chunks);
  }
  return null;
}

/** A weak ETag of the identity body: every coding of it is the same representation. */
function etagOf(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when `If-None-Match` lists the ETag (weak comparison, RFC 9110 §13.1.2) or `*`. */
function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (typeof header !== "string") return false;
  const opaque = etag.slice(2);
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/** The coding a request gets: what @fastify/compress would choose, identity for tiny bodies. */
function encodingFor(request: FastifyRequest, answer: CachedAnswer): ResponseEncoding {
  if (answer.bodies.identity!.length < COMPRESSION_THRESHOLD_BYTES) return "identity";
  return negotiateEncoding(request.headers["accept-encoding"]);
}

function sizeOf(answer: CachedAnswer, key: string): number {
  let bytes = Buffer.byteLength(key);
  for (const body of Object.values(answer.bodies)) bytes += body.length;
  return bytes;
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  encoding: ResponseEncoding,
  body: Buffer,
) {
  reply.header("etag", answer.etag).header("vary", varyWithAcceptEncoding(answer.headers.vary));
  if (matchesIfNoneMatch(request, answer.etag)) {
    const cacheControl = answer.headers["cache-control"];
    if (cacheControl !== undefined) reply.header("cache-control", cacheControl);
    reply.code(304);
    return null;
  }
  reply.code(answer.status).headers(answer.headers);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  reply.header("content-length", body.length);
  return request.method === "HEAD" ? null : body;
}

function varyWithAcceptEncoding(vary: string | string[] | undefined): string {
  const names = (Array.isArray(vary) ? vary.join(",") : (vary ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== "accept-encoding");
  return [...names, "accept-encoding"].join(", ");
}

export interface PageCacheOptions {
  deps: DomainDeps;
  /** How long an answer may be served from memory; 0 turns the cache off (headers stay). */
  ttlSeconds: number;
  /** Bytes (bodies in all codings, and keys) the kept answers may take. */
  maxBytes?: number;
}

/**
 * The cache as two plugins sharing one memory: `serveKept` answers hits and must be registered
 * before every other request hook (a kept answer already carries the headers its first
 * rendering got, helmet's among them), `keepAnswers` stores misses and must be registered after
 * @fastify/cookie, whose send hook writes the cookies a route set — an answer setting one is
 * never kept (decision 0171).
 */
export function createPageCache({
  deps,
  ttlSeconds,
  maxBytes = DEFAULT_MAX_BYTES,
}: PageCacheOptions): { serveKept: FastifyPluginAsync; keepAnswers: FastifyPluginAsync } {
  const off = ttlSeconds <= 0;
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    ttl: ttlSeconds * 1_000,
  });
  const misses = new WeakMap<FastifyRequest, { key: CacheKey; version: number }>();

  /** The body in a coding, compressing it once (and re-weighing the entry) when first asked. */
  async function bodyIn(key: string, answer: CachedAnswer, encoding: ResponseEncoding) {
    const ready = answer.bodies[encoding];
    if (ready) return ready;
    answer.encoding[encoding] ??= encodeBody(answer.bodies.identity!, encoding).then((body) => {
      answer.bodies[encoding] = body;
      delete answer.encoding[encoding];
      if (answers.peek(key) === answer) answers.set(key, answer);
      return body;
    });
    return answer.encoding[encoding];
  }

  /** Keys being rendered right now: concurrent requests for one wait for it, not render too. */
  const filling = new Map<string, Promise<void>>();
  const fillers = new WeakMap<FastifyRequest, () => void>();
  const finishFilling = (request: FastifyRequest) => {
    fillers.get(request)?.();
    fillers.delete(request);
  };

  const serveKept = fp(async (app: FastifyInstance) => {
    if (off) return;
    app.addHook("onRequest", async (request, reply) => {
      if (!isCacheableRequest(request)) return;
      const key = cacheKeyOf(request, apiPath.test(request.url));
      if (!key) return;
      // Without the database there is no telling whether a copy is current: the route answers
      // (a health check, say, must not fail because of the cache).
      const version = await currentContentVersion(deps).catch(() => null);
      if (version === null) return;
      let cached = answers.get(key.key);
      const pending = cached?.version === version ? undefined : filling.get(key.key);
      if (pending) {
        await pending;
        cached = answers.get(key.key);
      }
      if (cached && cached.version === version) {
        const encoding = encodingFor(request, cached);
        const body = await bodyIn(key.key, cached, encoding);
        reply.header("x-page-cache", "hit");
        return reply.send(sendAnswer(request, reply, cached, encoding, body));
      }
      if (cached) answers.delete(key.key);
      if (!key.storable || request.method !== "GET") return;
      misses.set(request, { key, version });
      if (!filling.has(key.key)) {
        let filled = () => {};
        filling.set(key.key, new Promise<void>((resolve) => (filled = resolve)));
        fillers.set(request, () => {
          filling.delete(key.key);
          filled();
        });
      }
    });

    // Whatever the answer was (kept, not kept, failed, aborted), the waiting requests go on.
    app.addHook("onResponse", async (request) => finishFilling(request));
    app.addHook("onRequestAbort", async (request) => finishFilling(request));
  });

  const keepAnswers = fp(async (app: FastifyInstance) => {
    if (off) return;
    app.addHook("onSend", async (request, reply, payload) => {
      const miss = misses.get(request);
      if (!miss || !optsIn(reply)) return payload;
      misses.delete(request);
      const identity = await bodyOf(payload);
      if (identity === null) return payload;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || skippedHeaders.has(name)) continue;
        headers[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      const answer: CachedAnswer = {
        status: reply.statusCode,
        headers,
        etag: etagOf(identity),
        bodies: { identity },
        encoding: {},
        version: miss.version,
      };
      answers.set(miss.key.key, answer);
      finishFilling(request);
      const encoding = encodingFor(request, answer);
      const body = await bodyIn(miss.key.key, answer, encoding);
      reply.header("x-page-cache", "miss");
      return sendAnswer(request, reply, answer, encoding, body);
    });
  });

  return { serveKept, keepAnswers };
}
