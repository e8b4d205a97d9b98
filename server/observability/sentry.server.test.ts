import * as Sentry from "@sentry/node";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { listenForTests } from "#tests/setup/http-client.ts";
import { buildApp } from "#server/app.ts";
import { startServerSentry } from "./sentry.server.ts";

/** What Sentry would have sent (nothing leaves the process). */
const reported: Sentry.ErrorEvent[] = [];
let ctx: TestContext;
let client: Awaited<ReturnType<typeof listenForTests>>;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { SENTRY_DSN: "http://public@127.0.0.1:9/1", PAGE_CACHE_SECONDS: "30" },
  });
  await startServerSentry(ctx.deps.config);
  Sentry.addEventProcessor((event) => {
    reported.push(event as Sentry.ErrorEvent);
    return null;
  });
  const app = await buildApp({ deps: ctx.deps });
  app.get<{ Params: { n: string } }>("/kaputt/:n", async (request) => {
    throw new Error(`kaputt ${request.params.n}`);
  });
  client = await listenForTests(app, "localhost:3000");
});

afterAll(async () => {
  await client?.close();
  await ctx?.close();
  await Sentry.close(0);
});

it("gives the requests Fastify answers a scope of their own, and cache hits none", async () => {
  const scopes = vi.spyOn(Sentry.Scope.prototype, "clone");

  // Two failing requests at once: each report names its own request.
  await Promise.all(["1", "2"].map((n) => client.send({ url: `/kaputt/${n}?x=${n}` })));
  await vi.waitFor(() => expect(reported).toHaveLength(2));
  for (const n of ["1", "2"]) {
    const event = reported.find((report) => report.exception?.values?.[0]?.value === `kaputt ${n}`);
    expect(event?.request?.url).toBe(`http://localhost:3000/kaputt/${n}?x=${n}`);
    expect(event?.transaction).toBe("GET /kaputt/:n");
  }
  expect(scopes.mock.calls.length).toBeGreaterThanOrEqual(2);

  // A kept answer: the first request is Fastify's, the hits never reach Sentry.
  expect((await client.send({ url: "/api/genres/" })).headers["x-page-cache"]).toBe("miss");
  scopes.mockClear();
  for (let hit = 0; hit < 5; hit++) {
    expect((await client.send({ url: "/api/genres/" })).headers["x-page-cache"]).toBe("hit");
  }
  expect(scopes).not.toHaveBeenCalled();
});
