import { themeOverrideFromCookies } from "#common/theme.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { CSRF_COOKIE, ensureCsrfCookie } from "#server/http/csrf.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { currentContentVersion } from "#server/domain/content-version/content-version.server.ts";
import { isAuthenticatedRequest } from "#server/http/private-responses.ts";

/**
 * The anonymous page cache (decision 0012). Public pages opt in by sending `Cache-Control` with
 * `s-maxage` (route modules' `headers`, the feeds); for visitors without a session their
 * answers are kept in memory — already compressed, one copy per encoding — for `ttlSeconds`,
 * and dropped as soon as the content version moves (any change to what public pages show, on
 * any instance). Answers that set a cookie are never kept — except the anonymous `csrftoken`
 * cookie every page hands out (server/api/csrf.ts): it is left out of the copy (and the page
 * only kept if its HTML does not contain the token), and a cache hit hands the visitor their
 * own cookie just as a rendered page would. Signed-in visitors always get a fresh page. Memory
 * is bounded in bytes: the least recently used pages go first.
 */

interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** The rendered answer handed out the anonymous csrftoken cookie: a hit does too. */
  setsCsrfCookie: boolean;
  version: number;
}

/** The default memory budget: bodies and keys of the kept pages together. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const skippedHeaders = new Set([
  "set-cookie",
  "content-length",
  "date",
  "connection",
  "transfer-encoding",
  "keep-alive",
]);
const uncachedPaths = /^\/(api|assets|media)\//;

/** The encoding @fastify/compress will choose for this request, as part of the cache key. */
function encodingOf(request: FastifyRequest): string {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  if (/\bdeflate\b/.test(accepted)) return "deflate";
  return "identity";
}

/** A visitor's remembered theme is rendered into the page, so it is part of the key too. */
function keyOf(request: FastifyRequest): string {
  const theme = themeOverrideFromCookies(request.headers.cookie) ?? "auto";
  return `${request.url} ${encodingOf(request)} ${theme}`;
}

function isCacheableRequest(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !uncachedPaths.test(request.url) &&
    !isAuthenticatedRequest(request.headers)
  );
}

/** The cookies an answer sets, as "name=value" pairs. */
function cookiesSet(reply: FastifyReply): string[] {
  const header = reply.getHeader("set-cookie");
  const all = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return all.map((cookie) => String(cookie).split(";")[0]!.trim());
}

/** The value of the csrftoken cookie the answer sets, "" when it sets none, null for others. */
function csrfTokenSet(reply: FastifyReply): string | null {
  const cookies = cookiesSet(reply);
  if (cookies.length === 0) return "";
  if (cookies.length > 1 || !cookies[0]!.startsWith(`${CSRF_COOKIE}=`)) return null;
  return cookies[0]!.slice(CSRF_COOKIE.length + 1);
}

function optsIn(reply: FastifyReply): boolean {
  const cacheControl = String(reply.getHeader("cache-control") ?? "");
  return (
    reply.statusCode === 200 &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    !/\b(private|no-store)\b/.test(cacheControl) &&
    csrfTokenSet(reply) !== null
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

export interface PageCacheOptions {
  deps: DomainDeps;
  /** How long a page may be served from memory; 0 turns the cache off (headers stay). */
  ttlSeconds: number;
  /** Bytes (bodies and keys) the kept pages may take; the least recently used go first. */
  maxBytes?: number;
}

export const pageCache = fp(
  async (
    app: FastifyInstance,
    { deps, ttlSeconds, maxBytes = DEFAULT_MAX_BYTES }: PageCacheOptions,
  ) => {
    if (ttlSeconds <= 0) return;
    const pages = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      sizeCalculation: (page, key) => page.body.length + Buffer.byteLength(key),
      ttl: ttlSeconds * 1_000,
    });
    const served = new WeakSet<FastifyRequest>();
    const versionAtStart = new WeakMap<FastifyRequest, number>();

    app.addHook("onRequest", async (request, reply) => {
      if (!isCacheableRequest(request)) return;
      const version = await currentContentVersion(deps);
      versionAtStart.set(request, version);
      const key = keyOf(request);
      const cached = pages.get(key);
      if (!cached) return;
      if (cached.version !== version) {
        pages.delete(key);
        return;
      }
      served.add(request);
      if (cached.setsCsrfCookie) ensureCsrfCookie(request, reply, deps.config);
      reply.status(cached.status).headers(cached.headers).header("x-page-cache", "hit");
      return reply.send(request.method === "HEAD" ? undefined : cached.body);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      if (served.has(request) || !isCacheableRequest(request) || request.method !== "GET") {
        return payload;
      }
      const version = versionAtStart.get(request);
      if (version === undefined || !optsIn(reply)) return payload;
      const body = await bodyOf(payload);
      if (body === null) return payload;
      const token = csrfTokenSet(reply);
      const encoding = reply.getHeader("content-encoding");
      // A page showing the visitor's own token (a form) is theirs alone. Only pages that opt in
      // are kept, and those carry no such form; plain bodies are checked to be sure.
      if (token && (!encoding || encoding === "identity") && body.includes(token)) return body;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || skippedHeaders.has(name)) continue;
        headers[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      pages.set(keyOf(request), {
        status: reply.statusCode,
        headers,
        body,
        setsCsrfCookie: Boolean(token),
        version,
      });
      reply.header("x-page-cache", "miss");
      return body;
    });
  },
);
