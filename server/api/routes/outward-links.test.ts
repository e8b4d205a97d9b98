import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAd } from "#tests/factories/ads.ts";
import { createClub, createEvent, createOrganizer } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { locations, organizers } from "#server/db/schema/catalog.ts";
import { redirects } from "#server/db/schema/content.ts";

/**
 * Links that leave the site pass one rule (common/safe-url.ts) in the API as on the pages. The
 * forms already refuse a `javascript:` address, so these tests put such rows into the database
 * directly, as an import or an old version could have left them.
 */

// The clock stands at Friday 2026-11-20, 21:00 in Berlin.
let ctx: TestContext;
let app: FastifyInstance;
const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };
const running = {
  startsAt: new Date("2026-11-20T00:00:00Z"),
  endsAt: new Date("2026-11-27T00:00:00Z"),
};

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("GET /api/events/{id}/", () => {
  it("answers a stored javascript: ticket link as null", async () => {
    const event = await createEvent(ctx.deps, {
      title: "Bösartige Tickets",
      startsAt: "2026-11-20T22:00:00Z",
      ticketUrl: "javascript:alert(document.cookie)",
    });
    const response = await app.inject({ url: `/api/events/${event.id}/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Bösartige Tickets", ticket_url: null });
    expect(response.body).not.toContain("javascript:");
  });

  it.each([
    ["data:text/html,<script>alert(1)</script>", null],
    ["  JavaScript:alert(1)", null],
    ["//tickets.example.org/x", null],
    ["/party/x/1", null],
    ["HTTPS://Tickets.Example.org/nacht", "https://tickets.example.org/nacht"],
  ])("answers the stored ticket link %j as %j", async (stored, expected) => {
    const event = await createEvent(ctx.deps, {
      startsAt: "2026-11-21T22:00:00Z",
      ticketUrl: stored,
    });
    const body = (await app.inject({ url: `/api/events/${event.id}/` })).json();
    expect(body.ticket_url).toBe(expected);
  });
});

describe("GET /api/locations/{id}/", () => {
  it("answers a stored javascript: website as null and keeps a web address", async () => {
    const bad = await createClub(ctx.deps, { name: "Falsche Seite" });
    await ctx.deps.db
      .update(locations)
      .set({ website: "javascript:alert(1)" })
      .where(eq(locations.id, bad.id));
    const good = await createClub(ctx.deps, { name: "Richtige Seite" });
    await ctx.deps.db
      .update(locations)
      .set({ website: "https://club.example.org/" })
      .where(eq(locations.id, good.id));
    expect((await app.inject({ url: `/api/locations/${bad.id}/` })).json().website).toBeNull();
    expect((await app.inject({ url: `/api/locations/${good.id}/` })).json().website).toBe(
      "https://club.example.org/",
    );
  });
});

describe("GET /api/organizer/{id}/", () => {
  it("leaves out links that are no web addresses", async () => {
    const crew = await createOrganizer(ctx.deps, { name: "Kollektiv Link" });
    await ctx.deps.db
      .update(organizers)
      .set({
        website: "javascript:alert(1)",
        facebook: "data:text/html,hallo",
        instagram: "@kollektiv.link",
      })
      .where(eq(organizers.id, crew.id));
    const body = (await app.inject({ url: `/api/organizer/${crew.id}/` })).json();
    expect(body.links).toEqual([
      { label: "Instagram", url: "https://www.instagram.com/kollektiv.link/" },
    ]);
  });
});

describe("GET /api/ads/{id}/click/", () => {
  it("never redirects to a javascript: target", async () => {
    const ad = await createAd(ctx.deps, { ...running, targetUrl: "javascript:alert(1)" });
    const click = await app.inject({ url: `/api/ads/${ad.id}/click/`, headers: browser });
    expect(click.statusCode).toBe(404);
    expect(click.headers.location).toBeUndefined();
  });
});

describe("GET /api/redirect/", () => {
  it("keeps site paths and web addresses, and drops targets that lead anywhere else", async () => {
    await ctx.deps.db.insert(redirects).values([
      { fromPath: "/zu-javascript", toPath: "javascript:alert(1)" },
      { fromPath: "/zu-fremd", toPath: "//evil.example.org/" },
      { fromPath: "/zu-fremd-2", toPath: "/\\evil.example.org/" },
      { fromPath: "/zu-partner", toPath: "HTTPS://Partner.example.org/seite" },
    ]);
    // The redirects table is reread when the content version changes (polled once a second).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const path of ["/zu-javascript", "/zu-fremd", "/zu-fremd-2"]) {
      expect((await app.inject({ url: `/api/redirect/?path=${path}` })).statusCode, path).toBe(404);
    }
    const partner = await app.inject({ url: "/api/redirect/?path=/zu-partner" });
    expect(partner.json()).toMatchObject({ to_path: "https://partner.example.org/seite" });
  });
});
