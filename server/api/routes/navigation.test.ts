import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { navigationMenus } from "#server/db/schema/content.ts";

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  // Menus are written straight into the database between reads: no page cache in between.
  ctx = await createTestContext({ config: { PAGE_CACHE_SECONDS: "0" } });
  app = await buildApp({ deps: ctx.deps });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("GET /api/navigation/", () => {
  it("answers empty menus before any are stored", async () => {
    const response = await app.inject({ method: "GET", url: "/api/navigation/" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ main: [], footer: [] });
  });

  it("answers the stored main menu with its submenus and the footer", async () => {
    await ctx.deps.db.insert(navigationMenus).values([
      {
        key: "main",
        items: [
          { label: "Clubs", url: "/club" },
          {
            label: "Genres",
            url: "/party/genre/techno",
            children: [{ label: "Techno", url: "/party/genre/techno" }],
          },
        ],
      },
      { key: "footer", items: [{ label: "Impressum", url: "/impressum" }] },
    ]);
    const response = await app.inject({ method: "GET", url: "/api/navigation/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("s-maxage");
    expect(response.json()).toEqual({
      main: [
        { label: "Clubs", url: "/club" },
        {
          label: "Genres",
          url: "/party/genre/techno",
          children: [{ label: "Techno", url: "/party/genre/techno" }],
        },
      ],
      footer: [{ label: "Impressum", url: "/impressum" }],
    });
  });

  it("is private for a signed-in visitor, so no cache keeps it", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/navigation/",
      headers: { authorization: "Bearer abc" },
    });
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });
});
