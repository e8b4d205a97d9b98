import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { pageCache } from "./page-cache.ts";

const BODY_BYTES = 10_000;
const BUDGET_BYTES = 100_000;

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = Fastify();
  await app.register(pageCache, { deps: ctx.deps, ttlSeconds: 30, maxBytes: BUDGET_BYTES });
  // Public pages that opt in to the cache, each BODY_BYTES long (one far too big).
  app.get<{ Params: { n: string } }>("/seite/:n", async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=0, s-maxage=60")
      .type("text/html; charset=utf-8")
      .send(request.params.n === "riesig" ? "r".repeat(2 * BUDGET_BYTES) : "x".repeat(BODY_BYTES)),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const cacheState = async (url: string) =>
  (await app.inject({ url })).headers["x-page-cache"] as string | undefined;

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
