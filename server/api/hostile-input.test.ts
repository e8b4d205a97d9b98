import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { hostile, hostileQueryValue } from "#tests/setup/hostile-values.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { events } from "#server/db/schema/events.ts";
import { users } from "#server/db/schema/users.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

/**
 * Property-based: random and hostile strings (control characters, lone surrogates, huge values,
 * mixed scripts, markup, SQL and LIKE signs) at every public query parameter and every field of
 * the event and account forms never cause a 5xx, always a German field error or a normal answer,
 * and a refused write stores nothing. Runs are bounded to keep the suite fast.
 */

let ctx: TestContext;
let app: FastifyInstance;
let access: string;
let clubId: number;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  const user = await createUser(ctx.deps);
  access = (await startSession(ctx.deps, user.id, null)).access;
  clubId = (await createClub(ctx.deps)).id;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const RUNS = { numRuns: 15 };

/** A 4xx answer is German field errors (`{field: [text]}`) or a German `{detail}`. */
function expectCleanRefusal(status: number, body: string) {
  expect(status, body.slice(0, 300)).toBeLessThan(500);
  if (status < 400 || status === 404) return;
  const json = JSON.parse(body) as Record<string, unknown>;
  if ("detail" in json) {
    expect(typeof json.detail).toBe("string");
    return;
  }
  for (const messages of Object.values(json)) {
    expect(Array.isArray(messages)).toBe(true);
    for (const message of messages as unknown[]) expect(typeof message).toBe("string");
  }
}

const publicQueries: [string, string[]][] = [
  [
    "/api/events/",
    [
      "date_from",
      "date_to",
      "genre",
      "location",
      "organizer",
      "top",
      "search",
      "page",
      "page_size",
      "_",
    ],
  ],
  [
    "/api/dates/",
    [
      "date_from",
      "date_to",
      "genre",
      "location",
      "organizer",
      "top",
      "search",
      "page",
      "page_size",
    ],
  ],
  ["/api/search/", ["q", "page"]],
  ["/api/search/autocomplete/", ["q"]],
  ["/api/search/pages/", ["q"]],
  ["/api/locations/autocomplete/", ["q"]],
  ["/api/redirect/", ["path"]],
  ["/api/ads/", ["placement", "limit"]],
  ["/api/genres/", ["page"]],
];

describe("hostile input", () => {
  it.each(publicQueries)("%s answers every query parameter without a 5xx", async (path, names) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), hostileQueryValue, async (name, value) => {
        const response = await app.inject({
          url: `${path}?${name}=${encodeURIComponent(value)}`,
        });
        expectCleanRefusal(response.statusCode, response.body);
      }),
      RUNS,
    );
  });

  const eventFields = [
    "title",
    "start",
    "end",
    "location",
    "venue_name",
    "venue_address",
    "online",
    "organizers",
    "genres",
    "description",
    "price_text",
    "age_limit",
    "ticket_url",
    "flyer",
    "media",
    "draft",
  ];

  it("refuses hostile event form fields cleanly and stores nothing half-written", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...eventFields), hostile, async (field, value) => {
        const before = await ctx.deps.db.$count(events);
        const payload = {
          title: "Feldtest",
          start: "2026-11-27T23:00",
          location: clubId,
          [field]: field === "media" || field === "genres" ? [value] : value,
        };
        const response = await app.inject({
          method: "POST",
          url: "/api/events/",
          headers: bearer(access),
          payload,
        });
        expectCleanRefusal(response.statusCode, response.body);
        const after = await ctx.deps.db.$count(events);
        expect(after).toBe(response.statusCode === 201 ? before + 1 : before);
      }),
      RUNS,
    );
  });

  const accountForms: [string, Record<string, unknown>, boolean][] = [
    [
      "/api/register/",
      {
        email: "feld@example.org",
        password: "Ziege Laterne Ozean 42",
        display_name: "Feld",
        accept_terms: true,
      },
      false,
    ],
    ["/api/token/", { email: "feld@example.org", password: "Ziege Laterne Ozean 42" }, false],
    ["/api/password_reset/", { email: "feld@example.org" }, false],
    ["/api/password_reset/confirm/", { token: "x", new_password: "Ziege Laterne Ozean 42" }, false],
    ["/api/register/confirm/", { token: "x" }, false],
    [
      "/api/my-data/",
      { display_name: "Feld", email: "feld@example.org", current_password: "x" },
      true,
    ],
    [
      "/api/my-data/organizer/",
      { name: "Feld", description: "", website: "", instagram: "", tiktok: "", facebook: "" },
      true,
    ],
    [
      "/api/password_change/",
      { current_password: "x", new_password: "Ziege Laterne Ozean 42" },
      true,
    ],
  ];

  it.each(accountForms)("%s refuses hostile fields cleanly", async (url, valid, signedIn) => {
    const usersBefore = await ctx.deps.db.$count(users);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(valid)), hostile, async (field, value) => {
        const response = await app.inject({
          method: "POST",
          url,
          headers: signedIn ? bearer(access) : {},
          remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          payload: { ...valid, [field]: value },
        });
        expectCleanRefusal(response.statusCode, response.body);
      }),
      RUNS,
    );
    // A registration with a hostile field never leaves an account behind.
    if (url === "/api/register/") {
      expect(await ctx.deps.db.$count(users)).toBeLessThanOrEqual(usersBefore + 1);
    }
  });
});
