import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { createGenre } from "#tests/factories/catalog.ts";
import { buildApp } from "#server/app.ts";
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

let ctx: TestContext;
let app: FastifyInstance;
const rendered = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestContext();
  app = Fastify();
  await app.register(compress, {
    global: true,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
  const pageCache = createPageCache({ deps: ctx.deps, ttlSeconds: 30, maxBytes: BUDGET_BYTES });
  await app.register(pageCache.serveKept);
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
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const cacheState = async (url: string, headers: Record<string, string> = {}) =>
  (await app.inject({ url, headers })).headers["x-page-cache"] as string | undefined;

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
    const first = await app.inject({
      url: "/seite/komprimiert",
      headers: { "accept-encoding": BROWSER_ENCODINGS },
    });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(compressionCount()).toBe(before + 1);

    for (let request = 0; request < 5; request++) {
      const hit = await app.inject({
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
    const gzipped = await app.inject({
      url: "/seite/komprimiert",
      headers: { "accept-encoding": "gzip" },
    });
    const gzippedAgain = await app.inject({
      url: "/seite/komprimiert",
      headers: { "accept-encoding": "gzip" },
    });
    const plain = await app.inject({ url: "/seite/komprimiert" });
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
      Array.from({ length: 10 }, () => app.inject({ url: "/seite/gleichzeitig" })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.headers["x-page-cache"] === "hit")).toHaveLength(9);
    expect(rendered.get("/seite/gleichzeitig")).toBe(1);
  });

  it("answers 304 when If-None-Match names its ETag, in every coding", async () => {
    const first = await app.inject({ url: "/seite/etag" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    for (const encoding of ["br", "gzip", "identity"]) {
      const revalidated = await app.inject({
        url: "/seite/etag",
        headers: { "accept-encoding": encoding, "if-none-match": `"andere", ${etag}` },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    }
    // Also when the page has to be rendered again (pushed out by ten others).
    for (let other = 0; other < 10; other++) await app.inject({ url: `/seite/andere-${other}` });
    const refreshed = await app.inject({ url: "/seite/etag", headers: { "if-none-match": etag } });
    expect(refreshed.headers["x-page-cache"]).toBe("miss");
    expect(refreshed.statusCode).toBe(304);
    expect(refreshed.rawPayload.length).toBe(0);

    const stale = await app.inject({ url: "/seite/etag", headers: { "if-none-match": '"alt"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it("keeps one copy however the known query parameters are ordered", async () => {
    expect(await cacheState("/seite/sortiert?top=1&page=2")).toBe("miss");
    expect(await cacheState("/seite/sortiert?page=2&top=1")).toBe("hit");
    // The scripts' cache buster is left out of the key: served from the copy, never kept.
    expect(await cacheState("/seite/sortiert?page=2&_=123&top=1")).toBe("hit");
    expect(await cacheState("/seite/puffer?_=1")).toBeUndefined();
    expect(await cacheState("/seite/puffer?_=1")).toBeUndefined();
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
    await app.inject({ url: "/seite/gross" });
    const junk = Array.from({ length: 1_000 }, (_, index) => `x-${index};q=0.${index % 10}`);
    const response = await app.inject({
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

describe("public API answers", () => {
  let api: FastifyInstance;
  let apiContext: TestContext;

  beforeAll(async () => {
    apiContext = await createTestContext();
    api = await buildApp({ deps: apiContext.deps });
  });

  afterAll(async () => {
    await api?.close();
    await apiContext?.close();
  });

  it("are kept, and an edit shows on a following request", async () => {
    await createGenre(apiContext.deps, { name: "Acid" });
    // Two genres weigh less than the compression threshold: they are sent as they are.
    const get = () =>
      api.inject({ url: "/api/genres/", headers: { "accept-encoding": BROWSER_ENCODINGS } });
    expect((await get()).headers["x-page-cache"]).toBe("miss");
    const hit = await get();
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["cache-control"]).toContain("s-maxage=");

    await createGenre(apiContext.deps, { name: "Dub Techno" });
    // The content version is read at most once a second: the edit shows within that second.
    await vi.waitFor(
      async () => {
        const names = (await get()).json();
        expect(names.map((genre: { name: string }) => genre.name)).toContain("Dub Techno");
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it("are served before the other request hooks, with the security headers of the first answer", async () => {
    const get = () => api.inject({ url: "/api/dates/" });
    const first = await get();
    const hit = await get();
    expect(hit.headers["x-page-cache"]).toBe("hit");
    for (const name of ["x-content-type-options", "strict-transport-security", "referrer-policy"]) {
      expect(hit.headers[name], name).toBe(first.headers[name]);
      expect(hit.headers[name], name).toBeDefined();
    }
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
    try {
      for (let request = 1; request <= 2; request++) {
        const response = await withCookie.inject({ url: "/mit-keks" });
        expect(response.headers["set-cookie"]).toContain(`keks=${request}`);
        expect(response.headers["x-page-cache"]).toBeUndefined();
      }
      expect(rendered).toBe(2);
    } finally {
      await withCookie.close();
    }
  });

  it("are never kept for an unknown query parameter (the API refuses it)", async () => {
    const refused = await api.inject({ url: "/api/events/?junk=1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["cache-control"]).toBeUndefined();
    expect(refused.headers["x-page-cache"]).toBeUndefined();
  });

  it("are fresh for signed-in clients", async () => {
    const response = await api.inject({
      url: "/api/genres/",
      headers: { authorization: "Bearer kein-gültiges-token" },
    });
    expect(response.headers["x-page-cache"]).toBeUndefined();
  });
});
