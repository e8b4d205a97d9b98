import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { listenForTests, type HttpRequest } from "#tests/setup/http-client.ts";
import { createGenre } from "#tests/factories/catalog.ts";
import { buildApp } from "#server/app.ts";
import { normalisedRequestPath, siteAddressGuard } from "#server/http/site-address-guard.ts";
import { siteServerFactory } from "#server/http/site-server.ts";
import { siteAddressOf } from "#server/site-address.ts";
import { createPageCache } from "./page-cache.ts";
import { COMPRESSION_THRESHOLD_BYTES, RESPONSE_ENCODINGS } from "./response-encodings.ts";

const BODY_BYTES = 10_000;
const BUDGET_BYTES = 100_000;
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

// Every compression in this process is counted, @fastify/compress's and the cache's alike
// (installed before any compressor is set up, so both see the counting functions).
const compressions = {
  brotli: vi.spyOn(zlib, "brotliCompress"),
  brotliSync: vi.spyOn(zlib, "brotliCompressSync"),
  gzip: vi.spyOn(zlib, "gzip"),
  gzipSync: vi.spyOn(zlib, "gzipSync"),
  brotliStream: vi.spyOn(zlib, "createBrotliCompress"),
  gzipStream: vi.spyOn(zlib, "createGzip"),
};
const compressionCount = () =>
  Object.values(compressions).reduce((sum, spy) => sum + spy.mock.calls.length, 0);

// The cache's own composition, as in server/app.ts: hits in the HTTP server's request listener
// (decision 0203), the address guard first in Fastify (0196), misses kept by the plugin.
const site = siteAddressOf("http://seite.test");
let ctx: TestContext;
let client: Awaited<ReturnType<typeof listenForTests>>;
const rendered = new Map<string, number>();
/** Every request Fastify routed, by its (normalised) path: a hit is never among them. */
const routed: string[] = [];
const routedCount = (url: string) => routed.filter((seen) => seen === url).length;

beforeAll(async () => {
  ctx = await createTestContext();
  const pageCache = createPageCache({
    deps: ctx.deps,
    ttlSeconds: 30,
    maxBytes: BUDGET_BYTES,
    site,
    trustProxy: false,
  });
  const app = Fastify({
    serverFactory: siteServerFactory(pageCache.answerHits),
    rewriteUrl: normalisedRequestPath(site),
  });
  app.addHook("onRequest", async (request) => {
    routed.push(request.url);
  });
  await app.register(siteAddressGuard, { site });
  await app.register(compress, {
    global: true,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
  await app.register(pageCache.keepAnswers);
  // Public pages that opt in to the cache, each BODY_BYTES long (one far too big).
  app.get<{ Params: { n: string } }>("/seite/:n", async (request, reply) => {
    rendered.set(request.url, (rendered.get(request.url) ?? 0) + 1);
    return reply
      .header("cache-control", "public, max-age=0, s-maxage=60")
      .type("text/html; charset=utf-8")
      .send(
        request.params.n === "riesig"
          ? "r".repeat(2 * BUDGET_BYTES)
          : `<p>${request.params.n}</p>`.padEnd(BODY_BYTES, "x"),
      );
  });
  client = await listenForTests(app, "seite.test");
});

afterAll(async () => {
  await client?.close();
  await ctx?.close();
});

const send = (request: HttpRequest) => client.send(request);
const cacheState = async (url: string, headers: Record<string, string> = {}) =>
  (await send({ url, headers })).headers["x-page-cache"] as string | undefined;

it("stays within its byte budget when flooded with distinct URLs, keeping the latest pages", async () => {
  const urls = Array.from({ length: 300 }, (_, index) => `/seite/${index}`);
  for (const url of urls) expect(await cacheState(url)).toBe("miss");

  // Newest first: the kept pages answer from memory; a miss stores its page again and pushes
  // out the least recently used one, which was already looked at.
  const kept: string[] = [];
  for (const url of [...urls].reverse()) {
    if ((await cacheState(url)) === "hit") kept.push(url);
  }
  // Each kept page weighs its body plus its key, so at most nine fit into 100,000 bytes.
  expect(kept.length * BODY_BYTES).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(kept).toEqual(urls.slice(-9).reverse());

  // A page bigger than the whole budget is never kept.
  expect(await cacheState("/seite/riesig")).toBe("miss");
  expect(await cacheState("/seite/riesig")).toBe("miss");
});

describe("a kept page", () => {
  it("is compressed once per coding and then sent untouched", async () => {
    const before = compressionCount();
    const first = await send({
      url: "/seite/komprimiert",
      headers: { "accept-encoding": BROWSER_ENCODINGS },
    });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(compressionCount()).toBe(before + 1);

    for (let request = 0; request < 5; request++) {
      const hit = await send({
        url: "/seite/komprimiert",
        headers: { "accept-encoding": BROWSER_ENCODINGS },
      });
      expect(hit.headers["x-page-cache"]).toBe("hit");
      expect(hit.headers["content-encoding"]).toBe("br");
      expect(hit.headers["content-length"]).toBe(String(hit.rawPayload.length));
      expect(hit.rawPayload).toEqual(first.rawPayload);
    }
    expect(compressionCount()).toBe(before + 1);
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toMatch(
      /^<p>komprimiert<\/p>x+$/,
    );

    // gzip is made once when first asked for; identity needs no compressing.
    const gzipped = await send({
      url: "/seite/komprimiert",
      headers: { "accept-encoding": "gzip" },
    });
    const gzippedAgain = await send({
      url: "/seite/komprimiert",
      headers: { "accept-encoding": "gzip" },
    });
    const plain = await send({ url: "/seite/komprimiert" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzippedAgain.rawPayload).toEqual(gzipped.rawPayload);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    expect(compressionCount()).toBe(before + 2);
    expect(rendered.get("/seite/komprimiert")).toBe(1);
  });

  it("is rendered once for many concurrent first requests", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send({ url: "/seite/gleichzeitig" })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.headers["x-page-cache"] === "hit")).toHaveLength(9);
    expect(rendered.get("/seite/gleichzeitig")).toBe(1);
    expect(routedCount("/seite/gleichzeitig")).toBe(1);
  });

  it("answers 304 when If-None-Match names its ETag, in every coding", async () => {
    const first = await send({ url: "/seite/etag" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    for (const encoding of ["br", "gzip", "identity"]) {
      const revalidated = await send({
        url: "/seite/etag",
        headers: { "accept-encoding": encoding, "if-none-match": `"andere", ${etag}` },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers["x-page-cache"]).toBe("hit");
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
      expect(revalidated.headers.vary).toBe("accept-encoding");
      expect(revalidated.headers["content-type"]).toBeUndefined();
      expect(revalidated.headers["content-length"]).toBeUndefined();
    }
    // Also when the page has to be rendered again (pushed out by ten others).
    for (let other = 0; other < 10; other++) await send({ url: `/seite/andere-${other}` });
    const refreshed = await send({ url: "/seite/etag", headers: { "if-none-match": etag } });
    expect(refreshed.headers["x-page-cache"]).toBe("miss");
    expect(refreshed.statusCode).toBe(304);
    expect(refreshed.rawPayload.length).toBe(0);

    const stale = await send({ url: "/seite/etag", headers: { "if-none-match": '"alt"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it("answers HEAD with the headers of its coding and no body", async () => {
    const first = await send({
      url: "/seite/kopf",
      headers: { "accept-encoding": BROWSER_ENCODINGS },
    });
    const head = await send({
      url: "/seite/kopf",
      method: "HEAD",
      headers: { "accept-encoding": BROWSER_ENCODINGS },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(first.rawPayload.length));
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.rawPayload.length).toBe(0);
  });

  it("keeps one copy however the known query parameters are ordered", async () => {
    expect(await cacheState("/seite/sortiert?top=1&page=2")).toBe("miss");
    expect(await cacheState("/seite/sortiert?page=2&top=1")).toBe("hit");
    // The scripts' cache buster is left out of the key: served from the copy, never kept.
    expect(await cacheState("/seite/sortiert?page=2&_=123&top=1")).toBe("hit");
    expect(await cacheState("/seite/puffer?_=1")).toBeUndefined();
    expect(await cacheState("/seite/puffer?_=1")).toBeUndefined();
  });

  it("is kept under the path in normal form, as Fastify routes it", async () => {
    expect(await cacheState("/seite/normal")).toBe("miss");
    expect(await cacheState("/seite/../seite/./normal")).toBe("hit");
    expect(routedCount("/seite/normal")).toBe(1);
  });

  it("is never made for unknown query parameters, so junk cannot fill the cache", async () => {
    expect(await cacheState("/seite/junk")).toBe("miss");
    for (let junk = 0; junk < 50; junk++) {
      expect(await cacheState(`/seite/junk?utm_source=${junk}`)).toBeUndefined();
    }
    // The page kept before the flood is still there.
    expect(await cacheState("/seite/junk")).toBe("hit");
    expect(await cacheState(`/seite/junk?page=1&${"x".repeat(2_000)}=1`)).toBeUndefined();
  });

  it("copes with huge Accept-Encoding and If-None-Match headers", async () => {
    await send({ url: "/seite/gross" });
    // As many as fit into Node's 16 KiB of request headers.
    const junk = Array.from({ length: 500 }, (_, index) => `x-${index};q=0.${index % 10}`);
    const response = await send({
      url: "/seite/gross",
      headers: {
        "accept-encoding": [...junk, "gzip;q=0.1"].join(", "),
        "if-none-match": junk.map((tag) => `"${tag}"`).join(", "),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-page-cache"]).toBe("hit");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });
});

describe("a hit", () => {
  it("never reaches Fastify: no routing, no hook, no route", async () => {
    await send({ url: "/seite/vorbei" });
    const hits = [
      { url: "/seite/vorbei" },
      { url: "/seite/vorbei", headers: { "accept-encoding": BROWSER_ENCODINGS } },
      { url: "/seite/vorbei", method: "HEAD" },
      { url: "/seite/vorbei?top=1" },
      { url: "/seite/vorbei?top=1&_=2" },
    ];
    await send(hits[3]!); // the copy for ?top=1
    for (const hit of hits) expect((await send(hit)).headers["x-page-cache"]).toBe("hit");
    expect(routedCount("/seite/vorbei")).toBe(1);
    expect(routedCount("/seite/vorbei?top=1")).toBe(1);
    expect(routed.filter((url) => url.startsWith("/seite/vorbei?top=1&"))).toEqual([]);
    expect(rendered.get("/seite/vorbei")).toBe(1);
  });

  it("is never served to a signed-in visitor or API client: Fastify answers them", async () => {
    await send({ url: "/seite/privat" });
    const sessions: Record<string, string>[] = [
      { cookie: "theme=dark; auth_access=x" },
      { authorization: "Bearer x" },
    ];
    for (const headers of sessions) {
      const answer = await send({ url: "/seite/privat", headers });
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
    expect(routedCount("/seite/privat")).toBe(3);
  });

  it("is never served for a Host or a target the site does not own: Fastify refuses them", async () => {
    await send({ url: "/seite/adresse" });
    const foreign = await send({ url: "/seite/adresse", host: "andere.test" });
    expect(foreign.statusCode).toBe(301);
    expect(foreign.headers.location).toBe("http://seite.test/seite/adresse");
    for (const host of ["a@b", "seite.test/seite/adresse?", "seite.test\\seite"]) {
      const malformed = await send({ url: "/seite/adresse", host });
      expect(malformed.statusCode, host).toBe(400);
      expect(malformed.headers["x-page-cache"], host).toBeUndefined();
    }
    const absolute = await send({ url: "http://seite.test/seite/adresse" });
    expect(absolute.statusCode).toBe(400);
    expect(routedCount("/seite/adresse")).toBe(5);
    expect(routedCount("/")).toBe(1); // the absolute-form target, routed to `/` and refused
  });

  it("is not used for a request with a body: Fastify answers it", async () => {
    await send({ url: "/seite/koerper" });
    const answer = await send({
      url: "/seite/koerper",
      headers: { "content-length": "3" },
      body: "x=1",
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-page-cache"]).toBeUndefined();
    expect(routedCount("/seite/koerper")).toBe(2);
    // The copy stays.
    expect(await cacheState("/seite/koerper")).toBe("hit");
  });
});

describe("public API answers", () => {
  let apiContext: TestContext;
  let api: Awaited<ReturnType<typeof listenForTests>>;
  /** The requests Fastify's hooks saw, added after the app's own. */
  const hooked = { onRequest: [] as string[], onSend: [] as string[], onResponse: [] as string[] };

  beforeAll(async () => {
    apiContext = await createTestContext();
    const app = await buildApp({
      deps: apiContext.deps,
      clusterWorker: {
        id: 7,
        announceContentChange: async () => {},
        countRequest: () => ({ current: 1, ttl: 60_000 }),
      },
    });
    app.addHook("onRequest", async (request) => {
      hooked.onRequest.push(request.url);
    });
    app.addHook("onSend", async (request, _reply, payload) => {
      hooked.onSend.push(request.url);
      return payload;
    });
    app.addHook("onResponse", async (request) => {
      hooked.onResponse.push(request.url);
    });
    api = await listenForTests(app, "localhost:3000");
  });

  afterAll(async () => {
    await api?.close();
    await apiContext?.close();
  });

  it("are kept, and an edit shows on a following request", async () => {
    await createGenre(apiContext.deps, { name: "Acid" });
    // Two genres weigh less than the compression threshold: they are sent as they are.
    const get = () =>
      api.send({ url: "/api/genres/", headers: { "accept-encoding": BROWSER_ENCODINGS } });
    expect((await get()).headers["x-page-cache"]).toBe("miss");
    const hit = await get();
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["cache-control"]).toContain("s-maxage=");

    await createGenre(apiContext.deps, { name: "Dub Techno" });
    // The content version is read at most once a second: the edit shows within that second.
    await vi.waitFor(
      async () => {
        const names = (await get()).json() as { name: string }[];
        expect(names.map((genre) => genre.name)).toContain("Dub Techno");
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it("are served before Fastify, with the security headers of the first answer", async () => {
    const get = () => api.send({ url: "/api/dates/" });
    const first = await get();
    for (const hit of [await get(), await get()]) {
      expect(hit.headers["x-page-cache"]).toBe("hit");
      expect(hit.headers["x-worker"]).toBe("7");
      for (const name of [
        "x-content-type-options",
        "strict-transport-security",
        "referrer-policy",
      ]) {
        expect(hit.headers[name], name).toBe(first.headers[name]);
        expect(hit.headers[name], name).toBeDefined();
      }
    }
    // No hook of Fastify's ran for the hits: only the first request went through Fastify.
    for (const seen of Object.values(hooked)) {
      expect(seen.filter((url) => url === "/api/dates/")).toHaveLength(1);
    }
  });

  it("answer HEAD with the length of their body and no body", async () => {
    const first = await api.send({ url: "/api/categories/" });
    const head = await api.send({ url: "/api/categories/", method: "HEAD" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(head.headers["content-length"]).toBe(String(first.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it("answer 304 with ETag, Vary and Cache-Control only", async () => {
    const first = await api.send({ url: "/api/categories/" });
    const revalidated = await api.send({
      url: "/api/categories/",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["x-page-cache"]).toBe("hit");
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(revalidated.headers["content-type"]).toBeUndefined();
    expect(revalidated.headers["content-length"]).toBeUndefined();
  });

  it("are never kept when the route sets a cookie through the cookie plugin", async () => {
    let rendered = 0;
    const withCookie = await buildApp({ deps: apiContext.deps });
    withCookie.get("/mit-keks", async (_request, reply) => {
      rendered += 1;
      return reply
        .header("cache-control", "public, max-age=0, s-maxage=60")
        .setCookie("keks", String(rendered), { path: "/" })
        .send("mit Keks");
    });
    const cookieClient = await listenForTests(withCookie, "localhost:3000");
    try {
      for (let request = 1; request <= 2; request++) {
        const response = await cookieClient.send({ url: "/mit-keks" });
        expect(response.headers["set-cookie"]?.[0]).toMatch(new RegExp(`^keks=${request};`));
        expect(response.headers["x-page-cache"]).toBeUndefined();
      }
      expect(rendered).toBe(2);
    } finally {
      await cookieClient.close();
    }
  });

  it("are never kept for an unknown query parameter (the API refuses it)", async () => {
    const refused = await api.send({ url: "/api/events/?junk=1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["cache-control"]).toBeUndefined();
    expect(refused.headers["x-page-cache"]).toBeUndefined();
  });

  it("are never served with a parameter their route does not read, not even the cache buster", async () => {
    // GET /api/genres/ declares no query parameter: with `_` it is answered by the route.
    await api.send({ url: "/api/genres/" });
    expect((await api.send({ url: "/api/genres/" })).headers["x-page-cache"]).toBe("hit");
    const fresh = await api.send({ url: "/api/genres/?_=1" });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["x-page-cache"]).toBeUndefined();
    expect(hooked.onRequest.filter((url) => url === "/api/genres/?_=1")).toHaveLength(1);
  });

  it("are fresh for signed-in clients", async () => {
    const response = await api.send({
      url: "/api/genres/",
      headers: { authorization: "Bearer kein-gültiges-token" },
    });
    expect(response.headers["x-page-cache"]).toBeUndefined();
  });
});
