import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { FrontListener } from "#server/http/site-server.ts";
import { currentContentVersion } from "#server/domain/content-version/content-version.server.ts";
import type { SiteAddress } from "#server/site-address.ts";
import type { TrustedProxies } from "#server/trusted-proxies.ts";
import { cacheHitsListener, fillOf, type KeptAnswers } from "./cache-hits.ts";
import {
  apiPath,
  cacheableAddress,
  isStorable,
  knownQueryParams,
  readsEvery,
  type CacheAddress,
} from "./cache-key.ts";
import {
  encodingFor,
  etagOf,
  matchesIfNoneMatch,
  sizeOf,
  skippedHeaders,
  varyWithAcceptEncoding,
  type KeptAnswer,
} from "./kept-answer.ts";
import { encodeBody, type ResponseEncoding } from "./response-encodings.ts";

/**
 * The anonymous page cache (decisions 0012, 0100, 0203). Public pages and public GET endpoints
 * of the API opt in by sending `Cache-Control` with `s-maxage`; for visitors without a session
 * their answers are kept in memory for `ttlSeconds` and dropped as soon as the content version
 * moves (any change to what they show, on any instance). A kept answer holds its body once per
 * coding (brotli, gzip, identity — each compressed once, when first asked for) and its ETag; a
 * hit sends those bytes untouched or `304 Not Modified` when the visitor's `If-None-Match` names
 * the ETag. Hits are answered by the HTTP server's request listener before Fastify sees the
 * request (cache-hits.ts); misses go through Fastify, which keeps their answers. Answers that
 * set a cookie are never kept; signed-in visitors always get a fresh answer. Concurrent requests
 * for a key being rendered wait for that one rendering. Memory is bounded in bytes: the least
 * recently used answers go first.
 */

/** The default memory budget: bodies (all codings) and keys of the kept answers together. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

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

/** The answer to the request that made a kept copy: the copy's bytes in the request's coding. */
function sendFirstAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  encoding: ResponseEncoding,
  body: Buffer,
) {
  reply.header("etag", answer.etag).header("vary", varyWithAcceptEncoding(answer.headers.vary));
  if (matchesIfNoneMatch(request.headers["if-none-match"], answer.etag)) {
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

export interface PageCacheOptions {
  deps: DomainDeps;
  /** How long an answer may be served from memory; 0 turns the cache off (headers stay). */
  ttlSeconds: number;
  /** Bytes (bodies in all codings, and keys) the kept answers may take. */
  maxBytes?: number;
  /** The site's address: hits are judged by it exactly as Fastify judges requests (0196). */
  site: SiteAddress;
  /** Whose `X-Forwarded-Host` counts (TRUST_PROXY), as for Fastify's `request.host`. */
  trustProxy: TrustedProxies;
  /** Headers every answer of this process carries (`x-worker` in the cluster, decision 0191). */
  ownHeaders?: OutgoingHttpHeaders;
}

export interface PageCache {
  /**
   * For the site's HTTP server (`siteServerFactory`): answers hits before Fastify and hands
   * everything else to it; undefined when the cache is off.
   */
  answerHits: FrontListener | undefined;
  /**
   * Keeps the answers of misses. Registered after @fastify/cookie, whose send hook writes the
   * cookies a route set — an answer setting one is never kept (decision 0171).
   */
  keepAnswers: FastifyPluginAsync;
}

export function createPageCache({
  deps,
  ttlSeconds,
  maxBytes = DEFAULT_MAX_BYTES,
  site,
  trustProxy,
  ownHeaders = {},
}: PageCacheOptions): PageCache {
  const off = ttlSeconds <= 0;
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    ttl: ttlSeconds * 1_000,
  });
  /** Keys being rendered right now: concurrent requests for one wait for it, not render too. */
  const filling = new Map<string, Promise<void>>();

  const memory: KeptAnswers = {
    current(key, version) {
      const answer = answers.get(key);
      if (answer?.version === version) return answer;
      if (answer) answers.delete(key);
      return undefined;
    },
    filling: (key) => filling.get(key),
    startFilling(key) {
      let filled = () => {};
      const pending = new Promise<void>((resolve) => (filled = resolve));
      filling.set(key, pending);
      return () => {
        if (filling.get(key) === pending) filling.delete(key);
        filled();
      };
    },
    bodyIn(key, answer, encoding) {
      const ready = answer.bodies[encoding];
      if (ready) return ready;
      answer.encoding[encoding] ??= encodeBody(answer.bodies.identity!, encoding).then((body) => {
        answer.bodies[encoding] = body;
        delete answer.encoding[encoding];
        if (answers.peek(key) === answer) answers.set(key, answer);
        return body;
      });
      return answer.encoding[encoding];
    },
  };

  /** Set once Fastify closes: then every request goes to Fastify, which answers 503. */
  let closing = false;

  const misses = new WeakMap<
    FastifyRequest,
    { address: CacheAddress; version: number; known: ReadonlySet<string> }
  >();

  const keepAnswers = fp(async (app: FastifyInstance) => {
    if (off) return;
    app.addHook("preClose", async () => {
      closing = true;
    });

    // A cacheable GET that reached Fastify found no current copy before it: note it, so that its
    // answer is kept. The rendering the hits' listener announced for its key (`fillOf`) ends
    // here when the route does not read every query parameter (nothing will be kept), else when
    // the answer is kept or the response closes, whichever comes first.
    app.addHook("onRequest", async (request) => {
      const fill = fillOf(request.raw);
      const address = cacheableAddress(request.method, request.url, request.headers);
      const kept = request.method === "GET" && address !== null && isStorable(address);
      const known = kept && knownQueryParams(request, apiPath.test(request.url));
      if (!known || !readsEvery(known, address!)) {
        fill?.done();
        return;
      }
      // Without the database there is no telling whether a copy is current: the route answers
      // (a health check, say, must not fail because of the cache).
      const version = fill?.version ?? (await currentContentVersion(deps).catch(() => null));
      if (version === null) return;
      // A copy made meanwhile (or one a hit could not use: a request with a body) stays.
      if (!fill && memory.current(address.key, version)) return;
      misses.set(request, { address, version, known });
    });

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
      const answer: KeptAnswer = {
        status: reply.statusCode,
        headers,
        etag: etagOf(identity),
        bodies: { identity },
        encoding: {},
        version: miss.version,
        knownParams: miss.known,
        hitHeads: {},
      };
      answers.set(miss.address.key, answer);
      fillOf(request.raw)?.done();
      const encoding = encodingFor(request.headers["accept-encoding"], answer);
      const body = await memory.bodyIn(miss.address.key, answer, encoding);
      reply.header("x-page-cache", "miss");
      return sendFirstAnswer(request, reply, answer, encoding, body);
    });
  });

  return {
    answerHits: off
      ? undefined
      : cacheHitsListener({
          deps,
          memory,
          site,
          trustProxy,
          ownHeaders,
          isClosing: () => closing,
        }),
    keepAnswers,
  };
}
