import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ deps: ctx.deps });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("GET /api/pageeditor/{slug}/", () => {
  it("answers a legal page rendered, with its placeholders filled", async () => {
    const response = await app.inject({ method: "GET", url: "/api/pageeditor/impressum/" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.title).toBe("Impressum");
    expect(body.html).toContain("Clubkalender Demo e. V.");
    expect(body.updated_at).toBeNull();
  });

  it("answers 404 for an unknown page and a 400 field error for a bad slug", async () => {
    const missing = await app.inject({ method: "GET", url: "/api/pageeditor/gibt-es-nicht/" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty("detail");
    const bad = await app.inject({ method: "GET", url: "/api/pageeditor/%3Cscript%3E/" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("slug");
  });
});
