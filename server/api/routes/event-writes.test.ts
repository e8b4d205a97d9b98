import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { eventGenres, events } from "#server/db/schema/events.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let ownerToken: string;
let strangerToken: string;
let club: Awaited<ReturnType<typeof createClub>>;
let techno: Awaited<ReturnType<typeof createGenre>>;
let house: Awaited<ReturnType<typeof createGenre>>;

beforeAll(async () => {
  // Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  owner = await createUser(ctx.deps);
  stranger = await createUser(ctx.deps);
  ownerToken = (await startSession(ctx.deps, owner.id, null)).access;
  strangerToken = (await startSession(ctx.deps, stranger.id, null)).access;
  club = await createClub(ctx.deps, { name: "Distillery" });
  techno = await createGenre(ctx.deps, { name: "Techno", isMain: true });
  house = await createGenre(ctx.deps, { name: "Deep House", categoryName: "House" });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Bassline Freitag",
  start: "2026-11-27T23:00",
  end: "2026-11-28T06:00",
  location: club.id,
  organizers: [owner.organizerId],
  genres: [techno.id, house.id],
  description: "Die ganze Nacht Bässe.",
  price_text: "12 €",
  age_limit: 18,
  ticket_url: "https://tickets.example.org/bassline",
  media: ["https://soundcloud.com/kollektiv/set", "https://www.youtube.com/watch?v=abc"],
  ...overrides,
});

const send = (method: "POST" | "DELETE", url: string, token: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token), payload: payload as object | undefined });

const eventCount = async () => (await ctx.deps.db.select({ id: events.id }).from(events)).length;

describe("creating a party", () => {
  it("saves the form, published, owned by the creator, with genres and media", async () => {
    const response = await send("POST", "/api/events/", ownerToken, form());
    expect(response.statusCode).toBe(201);
    const saved = response.json();
    expect(saved).toMatchObject({ status: "published", slug: "bassline-freitag" });
    expect(saved.url).toBe(`/party/bassline-freitag/${saved.id}`);
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, saved.id));
    expect(row).toMatchObject({
      createdById: owner.id,
      locationId: club.id,
      ageLimit: 18,
      mediaUrls: form().media,
    });
    // 23:00 in Berlin (CET) is 22:00 UTC.
    expect(row!.startsAt.toISOString()).toBe("2026-11-27T22:00:00.000Z");
    const genres = await ctx.deps.db
      .select()
      .from(eventGenres)
      .where(eq(eventGenres.eventId, saved.id));
    expect(genres.map((genre) => genre.genreId).sort()).toEqual([techno.id, house.id].sort());
    const publicView = await app.inject({ url: `/api/events/${saved.id}/` });
    expect(publicView.statusCode).toBe(200);
  });

  it("ignores owner, status and top fields, and notes the attempt in the audit log", async () => {
    const response = await send(
      "POST",
      "/api/events/",
      ownerToken,
      form({
        title: "Geschenkte Hervorhebung",
        start: "2026-11-29T23:00",
        end: "",
        created_by: stranger.id,
        status: "draft",
        top_until: "2030-01-01T00:00:00Z",
      }),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, response.json().id));
    expect(row).toMatchObject({ createdById: owner.id, status: "published", topUntil: null });
    const entries = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "event.protected_fields.ignored"));
    expect(entries.at(-1)!.details).toEqual({ fields: ["created_by", "status", "top_until"] });
  });

  it("wants a login", async () => {
    const response = await app.inject({ method: "POST", url: "/api/events/", payload: form() });
    expect(response.statusCode).toBe(401);
  });
});

describe("bad input", () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ["empty title", { title: "  " }, { title: ["Pflichtfeld"] }],
    ["too long title", { title: "x".repeat(121) }, { title: ["Höchstens 120 Zeichen."] }],
    ["title of the wrong type", { title: 42 }, { title: expect.any(Array) as unknown as string[] }],
    [
      "start in the past",
      { start: "2026-11-19T23:00" },
      { start: ["Das Datum darf nicht in der Vergangenheit liegen!"] },
    ],
    ["no date at all", { start: "morgen" }, { start: ["Ungültiges Datum."] }],
    [
      "end before start",
      { end: "2026-11-27T22:00" },
      { end: ["Das Ende muss nach dem Beginn liegen."] },
    ],
    ["no place", { location: null, venue_name: "" }, { location: ["Pflichtfeld"] }],
    [
      "a javascript: ticket link",
      { ticket_url: "javascript:alert(1)" },
      { ticket_url: ["Ungültige URL!"] },
    ],
    [
      "a foreign media link",
      { media: ["https://evil.example.org/set"] },
      { media: ["Ungültige URL!"] },
    ],
    ["a javascript: media link", { media: ["javascript:alert(1)"] }, { media: ["Ungültige URL!"] }],
    [
      "12 media links",
      { media: Array.from({ length: 12 }, (_, index) => `https://soundcloud.com/k/set-${index}`) },
      { media: ["Höchstens 11 Links."] },
    ],
    ["an unknown genre", { genres: [999_999] }, { genres: ["Dieses Genre gibt es nicht."] }],
    [
      "an age of the wrong type",
      { age_limit: "achtzehn" },
      { age_limit: ["Bitte gib eine Zahl ein."] },
    ],
    [
      "someone else's flyer",
      { flyer: "flyers/u999/0123456789abcdef0123456789abcdef-800.webp" },
      { flyer: ["Bitte lade den Flyer selbst hoch."] },
    ],
  ];
  for (const [name, overrides, expected] of cases) {
    it(`refuses ${name} with a field error and saves nothing`, async () => {
      const before = await eventCount();
      const response = await send("POST", "/api/events/", ownerToken, form(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
      expect(await eventCount()).toBe(before);
    });
  }

  it("refuses another user's organiser", async () => {
    const response = await send(
      "POST",
      "/api/events/",
      ownerToken,
      form({ organizers: [stranger.organizerId] }),
    );
    expect(response.json()).toEqual({
      organizers: ["Du kannst nur Veranstalter eintragen, für die Du handelst."],
    });
  });

  it("accepts an online party without a place and 11 media links", async () => {
    const response = await send(
      "POST",
      "/api/events/",
      ownerToken,
      form({
        title: "Livestream aus dem Wohnzimmer",
        location: null,
        online: true,
        media: Array.from({ length: 11 }, (_, index) => `https://open.spotify.com/track/${index}`),
      }),
    );
    expect(response.statusCode).toBe(201);
  });
});

describe("duplicate check", () => {
  it("warns about a similar title in the same club on the same night, and saves when told to", async () => {
    await createEvent(ctx.deps, {
      title: "Techno Nacht im Keller",
      locationId: club.id,
      startsAt: "2026-12-04T22:00:00Z",
    });
    const payload = form({ title: "Techno-Nacht im Keller!", start: "2026-12-05T01:00", end: "" });
    const warned = await send("POST", "/api/events/", ownerToken, payload);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().detail).toMatch(/ähnlichem Titel/);
    expect(warned.json().duplicates[0].title).toBe("Techno Nacht im Keller");
    const other = await send("POST", "/api/events/", ownerToken, {
      ...payload,
      title: "Drum and Bass Special",
    });
    expect(other.statusCode).toBe(201);
    const anyway = await send("POST", "/api/events/", ownerToken, {
      ...payload,
      allow_duplicate: true,
    });
    expect(anyway.statusCode).toBe(201);
  });
});

describe("ownership", () => {
  it("lets only the creator change, cancel, copy or delete, and audits every refusal", async () => {
    const created = (
      await send(
        "POST",
        "/api/events/",
        ownerToken,
        form({ title: "Nur meine Party", start: "2026-12-11T23:00", end: "" }),
      )
    ).json();
    const attempts = [
      send("POST", `/api/events/${created.id}/`, strangerToken, form({ title: "Gekapert" })),
      send("POST", `/api/events/${created.id}/cancel/`, strangerToken),
      send("POST", `/api/events/${created.id}/copy/`, strangerToken),
      send("DELETE", `/api/events/${created.id}/`, strangerToken),
      app.inject({ url: `/api/my-events/${created.id}/`, headers: bearer(strangerToken) }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: "Das ist nicht Deine Party." });
    }
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({ title: "Nur meine Party", status: "published" });
    const refusals = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(refusals.map((entry) => entry.action).sort()).toEqual([
      "event.cancel.denied",
      "event.copy.denied",
      "event.delete.denied",
      "event.update.denied",
      "event.view.denied",
    ]);
    expect(refusals.every((entry) => entry.actorUserId === stranger.id)).toBe(true);
  });

  it("lets an admin change anyone's party", async () => {
    const admin = await createUser(ctx.deps, { role: "admin" });
    const adminToken = (await startSession(ctx.deps, admin.id, null)).access;
    const created = (
      await send(
        "POST",
        "/api/events/",
        ownerToken,
        form({ title: "Moderiert", start: "2026-12-12T23:00", end: "" }),
      )
    ).json();
    const changed = await send(
      "POST",
      `/api/events/${created.id}/`,
      adminToken,
      form({ title: "Moderiert und korrigiert", start: "2026-12-12T23:00", end: "" }),
    );
    expect(changed.statusCode).toBe(200);
  });

  it("keeps drafts to their creator", async () => {
    const draft = (
      await send(
        "POST",
        "/api/events/",
        ownerToken,
        form({ title: "Geheimer Entwurf", start: "2026-12-18T23:00", end: "", draft: true }),
      )
    ).json();
    expect(draft.status).toBe("draft");
    expect((await app.inject({ url: `/api/events/${draft.id}/` })).statusCode).toBe(404);
    const own = await app.inject({
      url: `/api/my-events/${draft.id}/`,
      headers: bearer(ownerToken),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().form).toMatchObject({
      title: "Geheimer Entwurf",
      start: "2026-12-18T23:00",
      draft: true,
    });
  });
});

describe("editing, cancelling, copying, deleting", () => {
  it("runs a party's whole life", async () => {
    const created = (
      await send(
        "POST",
        "/api/events/",
        ownerToken,
        form({ title: "Wochenparty", start: "2026-12-19T23:00", end: "2026-12-20T05:00" }),
      )
    ).json();
    const edited = await send(
      "POST",
      `/api/events/${created.id}/`,
      ownerToken,
      form({
        title: "Wochenparty XXL",
        start: "2026-12-19T23:00",
        end: "2026-12-20T05:00",
        genres: [techno.id],
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().slug).toBe("wochenparty-xxl");

    expect((await send("POST", `/api/events/${created.id}/cancel/`, ownerToken)).statusCode).toBe(
      204,
    );
    const publicView = (await app.inject({ url: `/api/events/${created.id}/` })).json();
    expect(publicView.status).toBe("cancelled");

    await ctx.deps.db
      .update(events)
      .set({ flyerPath: "flyers/u1/0123456789abcdef0123456789abcdef-800.webp" })
      .where(eq(events.id, created.id));
    const copy = await send("POST", `/api/events/${created.id}/copy/`, ownerToken);
    expect(copy.statusCode).toBe(201);
    const [copied] = await ctx.deps.db.select().from(events).where(eq(events.id, copy.json().id));
    // The copy is a draft without last week's flyer: the organiser publishes it when ready.
    expect(copied).toMatchObject({
      title: "Wochenparty XXL",
      status: "draft",
      flyerPath: null,
      createdById: owner.id,
    });
    expect(copied!.startsAt.toISOString()).toBe("2026-12-26T22:00:00.000Z");
    const copiedGenres = await ctx.deps.db
      .select()
      .from(eventGenres)
      .where(eq(eventGenres.eventId, copied!.id));
    expect(copiedGenres.map((genre) => genre.genreId)).toEqual([techno.id]);

    const upcoming = await app.inject({
      url: "/api/my-events/?upcoming=1&page_size=100",
      headers: bearer(ownerToken),
    });
    expect(upcoming.json().results.map((event: { id: number }) => event.id)).toEqual(
      expect.arrayContaining([created.id, copied!.id]),
    );

    expect((await send("DELETE", `/api/events/${created.id}/`, ownerToken)).statusCode).toBe(204);
    expect(await ctx.deps.db.select().from(events).where(eq(events.id, created.id))).toHaveLength(
      0,
    );
  });

  it("keeps a passed start when editing but refuses moving a party into the past", async () => {
    const [old] = await ctx.deps.db
      .insert(events)
      .values({
        title: "Letzte Woche",
        slug: "letzte-woche",
        startsAt: new Date("2026-11-13T22:00:00Z"),
        status: "published",
        createdById: owner.id,
        locationId: club.id,
      })
      .returning();
    const keep = await send(
      "POST",
      `/api/events/${old!.id}/`,
      ownerToken,
      form({ title: "Letzte Woche (Nachbericht)", start: "2026-11-13T23:00", end: "" }),
    );
    expect(keep.statusCode).toBe(200);
    const moved = await send(
      "POST",
      `/api/events/${old!.id}/`,
      ownerToken,
      form({ start: "2026-11-14T23:00", end: "" }),
    );
    expect(moved.json()).toEqual({ start: ["Das Datum darf nicht in der Vergangenheit liegen!"] });
    const past = await app.inject({ url: "/api/my-events/?past=1", headers: bearer(ownerToken) });
    expect(past.json().results.map((event: { id: number }) => event.id)).toContain(old!.id);
  });
});
