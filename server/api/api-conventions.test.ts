import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ deps: ctx.deps });
  await createGenre(ctx.deps, { name: "Techno", isMain: true });
  await createGenre(ctx.deps, { name: "Deep House", categoryName: "House" });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("API conventions", () => {
  it("lists genres and the categories that group them", async () => {
    const genres = (await app.inject({ url: "/api/genres/" })).json();
    // Categories of equal position sort by name: House before Techno.
    expect(genres).toEqual([
      expect.objectContaining({ name: "Deep House", slug: "deep-house", is_main: false }),
      expect.objectContaining({ name: "Techno", slug: "techno", is_main: true }),
    ]);
    const categories = (await app.inject({ url: "/api/categories/" })).json();
    expect(categories.map((category: { name: string }) => category.name)).toEqual([
      "House",
      "Techno",
    ]);
    expect(categories[0].genres[0].name).toBe("Deep House");
  });

  it("serves the path without the trailing slash too", async () => {
    expect((await app.inject({ url: "/api/genres" })).statusCode).toBe(200);
  });

  it("answers unknown API paths with 404 JSON", async () => {
    const response = await app.inject({ url: "/api/nothing-here/" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Nicht gefunden." });
  });

  it("answers a wrong method with 405 and the allowed ones", async () => {
    const response = await app.inject({ method: "DELETE", url: "/api/genres/" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain("GET");
    expect(response.json()).toEqual({ detail: "Methode nicht erlaubt." });
  });

  it("answers malformed JSON with 400 JSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/genres/",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Der Inhalt ist kein gültiges JSON." });
  });

  it("answers malformed JSON with {detail} even where the route's 400 is field errors", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/events/",
      headers: { "content-type": "application/json" },
      payload: '{"title": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Der Inhalt ist kein gültiges JSON." });
  });

  it("refuses a huge body with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/genres/",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: "Die Anfrage ist zu groß." });
  });

  it("checks the database at /api/health/", async () => {
    const response = await app.inject({ url: "/api/health/" });
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("describes itself as a valid OpenAPI 3 document", async () => {
    const response = await app.inject({ url: "/api/schema/" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const validation = await new Validator().validate(document);
    expect(validation.errors).toBeUndefined();
    expect(validation.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/events/",
        "/api/events/{id}/",
        "/api/genres/",
        "/api/categories/",
      ]),
    );
    expect(document.paths["/api/events/"].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "date_from", in: "query" })]),
    );
  });

  it("offers Swagger UI at /api/docs/", async () => {
    const response = await app.inject({ url: "/api/docs/" });
    expect([200, 302]).toContain(response.statusCode);
  });
});
