import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { pages, redirects } from "#server/db/schema/content.ts";
import { events } from "#server/db/schema/events.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { users } from "#server/db/schema/users.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let adminToken: string;
let userToken: string;
let admin: Awaited<ReturnType<typeof createUser>>;
let organiser: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  admin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
  organiser = await createUser(ctx.deps);
  adminToken = (await startSession(ctx.deps, admin.id, null)).access;
  userToken = (await startSession(ctx.deps, organiser.id, null)).access;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const send = (method: Method, url: string, token: string | null, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object | undefined,
  });

/** Every /api/admin endpoint of the OpenAPI document (built from the route table). */
async function adminEndpoints(): Promise<{ method: Method; url: string }[]> {
  const document = (await send("GET", "/api/schema/", null)).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith("/api/admin/"))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as Method,
        url: path.replace(/\{[^}]+\}/g, "1"),
      })),
    );
}

describe("every /api/admin endpoint", () => {
  it("answers 401 anonymous and 403 for a signed-in non-admin, whatever the body", async () => {
    const endpoints = await adminEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(18);
    for (const { method, url } of endpoints) {
      const anonymous = await send(method, url, null, method === "GET" ? undefined : {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const stranger = await send(method, url, userToken, method === "GET" ? undefined : {});
      expect(stranger.statusCode, `${method} ${url}`).toBe(403);
      expect(stranger.json().detail).toBe("Das dürfen nur Admins.");
    }
  });
});

describe("moderation", () => {
  it("holds a new organiser's event for approval when the setting is on; approve publishes it", async () => {
    const setting = await send("PATCH", "/api/admin/settings/", adminToken, {
      events_need_approval: true,
    });
    expect(setting.statusCode).toBe(200);
    const club = await createClub(ctx.deps, { name: "Warteschlange" });
    const created = await send("POST", "/api/events/", userToken, {
      title: "Neue Reihe",
      start: "2026-11-27T23:00",
      location: club.id,
      organizers: [organiser.organizerId],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().status).toBe("pending");
    const queue = await send("GET", "/api/admin/moderation/", adminToken);
    expect(queue.json().map((event: { id: number }) => event.id)).toContain(created.json().id);

    const approved = await send(
      "POST",
      `/api/admin/moderation/${created.json().id}/approve/`,
      adminToken,
    );
    expect(approved.statusCode).toBe(204);
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, created.json().id));
    expect(row!.status).toBe("published");
    const again = await send(
      "POST",
      `/api/admin/moderation/${created.json().id}/approve/`,
      adminToken,
    );
    expect(again.statusCode).toBe(409);
  });

  it("rejects with a reason mailed to the organiser; an empty reason is a field error", async () => {
    const waiting = await createEvent(ctx.deps, {
      title: "Zweifelhafte Party",
      startsAt: "2026-11-28T22:00:00Z",
      status: "pending",
      createdById: organiser.id,
    });
    const empty = await send("POST", `/api/admin/moderation/${waiting.id}/reject/`, adminToken, {
      reason: " ",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty("reason");
    const rejected = await send("POST", `/api/admin/moderation/${waiting.id}/reject/`, adminToken, {
      reason: "Der Club hat an dem Abend geschlossen.",
    });
    expect(rejected.statusCode).toBe(204);
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, waiting.id));
    expect(row!.status).toBe("rejected");
    const mails = await mailsTo(ctx.deps.config, organiser.email);
    const mail = mails.find((m) => m.subject.includes("Zweifelhafte Party"));
    expect(mail?.text).toContain("Der Club hat an dem Abend geschlossen.");
  });

  it("takes a report from anyone for a public party into the queue, and resolves it", async () => {
    const party = await createEvent(ctx.deps, { startsAt: "2026-11-28T22:00:00Z" });
    const short = await send("POST", `/api/events/${party.id}/report/`, null, { message: "kurz" });
    expect(short.statusCode).toBe(400);
    const report = await send("POST", `/api/events/${party.id}/report/`, null, {
      message: "Die Party beginnt erst um 23 Uhr.",
    });
    expect(report.statusCode).toBe(201);
    const queue = (await send("GET", "/api/admin/reports/", adminToken)).json();
    const entry = queue.find((item: { event: { id: number } }) => item.event.id === party.id);
    expect(entry.message).toBe("Die Party beginnt erst um 23 Uhr.");
    expect(
      (await send("POST", `/api/admin/reports/${entry.id}/resolve/`, adminToken)).statusCode,
    ).toBe(204);
    const after = (await send("GET", "/api/admin/reports/", adminToken)).json();
    expect(after.some((item: { id: number }) => item.id === entry.id)).toBe(false);
  });
});

describe("users", () => {
  it("never lets the last admin be demoted or disabled", async () => {
    const demote = await send("POST", `/api/admin/users/${admin.id}/role/`, adminToken, {
      role: "user",
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toContain("letzte aktive Admin");
    const disable = await send("POST", `/api/admin/users/${admin.id}/disable/`, adminToken);
    expect(disable.statusCode).toBe(409);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("disables and enables an account, with audit entries", async () => {
    const someone = await createUser(ctx.deps, { withOrganizer: false });
    expect(
      (await send("POST", `/api/admin/users/${someone.id}/disable/`, adminToken)).statusCode,
    ).toBe(204);
    const login = await send("POST", "/api/token/", null, {
      email: someone.email,
      password: someone.password,
    });
    expect(login.statusCode).toBe(401);
    expect(
      (await send("POST", `/api/admin/users/${someone.id}/enable/`, adminToken)).statusCode,
    ).toBe(204);
    const log = (await send("GET", "/api/admin/audit-log/", adminToken)).json();
    expect(log.results[0]).toMatchObject({
      action: "user.enable",
      entity_id: String(someone.id),
      actor: { id: admin.id },
    });
    expect(JSON.stringify(log)).not.toMatch(/password|token/i);
  });
});

describe("content", () => {
  it("saves the Impressum; refuses scripts and slugs of routes and changes nothing", async () => {
    const saved = await send("PUT", "/api/admin/pages/impressum/", adminToken, {
      title: "Impressum",
      body: "## Betreiber\n\nNachtkultur e. V.",
    });
    expect(saved.statusCode).toBe(200);
    const page = await send("GET", "/api/pageeditor/impressum/", null);
    expect(page.json().html).toContain("Nachtkultur e. V.");

    const script = await send("PUT", "/api/admin/pages/impressum/", adminToken, {
      title: "Impressum",
      body: "Hallo <script>alert(1)</script>",
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().body[0]).toContain("Skripte");
    const route = await send("PUT", "/api/admin/pages/club/", adminToken, {
      title: "Club",
      body: "x",
    });
    expect(route.statusCode).toBe(400);
    expect(route.json()).toHaveProperty("slug");
    const stored = await ctx.deps.db.select().from(pages);
    expect(stored.map((row) => row.body).join()).not.toContain("script");
    expect(stored.some((row) => row.slug === "club")).toBe(false);
  });

  it("replaces a menu and refuses an entry that is no path", async () => {
    const saved = await send("PUT", "/api/admin/navigation/footer/", adminToken, {
      items: [{ label: "Über uns", url: "/ueber-uns" }],
    });
    expect(saved.statusCode).toBe(204);
    expect((await send("GET", "/api/navigation/", null)).json().footer).toEqual([
      { label: "Über uns", url: "/ueber-uns" },
    ]);
    const bad = await send("PUT", "/api/admin/navigation/footer/", adminToken, {
      items: [{ label: "Böse", url: "javascript:alert(1)" }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a redirect loop in German and keeps the table", async () => {
    const first = await send("POST", "/api/admin/redirects/", adminToken, {
      fromPath: "/alt",
      toPath: "/neu",
    });
    expect(first.statusCode).toBe(201);
    const loop = await send("POST", "/api/admin/redirects/", adminToken, {
      fromPath: "/neu",
      toPath: "/alt/",
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().toPath[0]).toContain("Schleife");
    expect(await ctx.deps.db.select().from(redirects)).toHaveLength(1);
  });
});

describe("catalogue", () => {
  it("creates and changes a club with hand-entered coordinates; deletes only one without parties", async () => {
    const created = await send("POST", "/api/admin/clubs/", adminToken, {
      name: "Neuer Keller",
      address: "Kellerweg 1",
      postcode: "04109",
      city: "Leipzig",
      lat: "51.34",
      lng: 12.37,
    });
    expect(created.statusCode).toBe(201);
    const club = created.json();
    expect(club).toMatchObject({ slug: "neuer-keller", lat: 51.34, lng: 12.37 });
    const bad = await send("PUT", `/api/admin/clubs/${club.id}/`, adminToken, {
      name: "Neuer Keller",
      lat: "nördlich",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("lat");
    const renamed = await send("PUT", `/api/admin/clubs/${club.id}/`, adminToken, {
      name: "Alter Keller",
    });
    expect(renamed.json()).toMatchObject({ name: "Alter Keller", slug: "neuer-keller", lat: null });
    await createEvent(ctx.deps, { startsAt: "2026-11-28T22:00:00Z", locationId: club.id });
    const refused = await send("DELETE", `/api/admin/clubs/${club.id}/`, adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("zusammen");
  });

  it("stores a club's own article and preposition and refuses one without a preposition", async () => {
    const created = await send("POST", "/api/admin/clubs/", adminToken, {
      name: "Wiese am Auensee",
      place_phrase: "  auf der Wiese am Auensee ",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ place_phrase: "auf der Wiese am Auensee" });
    const bad = await send("PUT", `/api/admin/clubs/${created.json().id}/`, adminToken, {
      name: "Wiese am Auensee",
      place_phrase: "Die <b>Wiese</b>",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().place_phrase[0]).toContain("Präposition");
  });

  it("merges a duplicate club: events move, the old address redirects 301; itself is refused", async () => {
    const kept = await createClub(ctx.deps, { name: "Conne Island" });
    const duplicate = await createClub(ctx.deps, { name: "Conne Island Leipzig" });
    const party = await createEvent(ctx.deps, {
      startsAt: "2026-11-28T22:00:00Z",
      locationId: duplicate.id,
    });
    const itself = await send("POST", `/api/admin/clubs/${kept.id}/merge/`, adminToken, {
      intoId: kept.id,
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().intoId[0]).toContain("mit sich selbst");
    const beyondIds = await send("POST", `/api/admin/clubs/${kept.id}/merge/`, adminToken, {
      intoId: 2_147_483_648,
    });
    expect(beyondIds.statusCode).toBe(400);
    expect(beyondIds.json().intoId[0]).toBe("Ungültige Auswahl.");
    const merged = await send("POST", `/api/admin/clubs/${duplicate.id}/merge/`, adminToken, {
      intoId: kept.id,
    });
    expect(merged.statusCode).toBe(204);
    const [moved] = await ctx.deps.db.select().from(events).where(eq(events.id, party.id));
    expect(moved!.locationId).toBe(kept.id);
    expect(
      await ctx.deps.db.select().from(locations).where(eq(locations.id, duplicate.id)),
    ).toHaveLength(0);
    const old = await app.inject({
      method: "GET",
      url: `/club/${duplicate.slug}/${duplicate.id}`,
    });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/club/${kept.slug}/${kept.id}`);
    const entries = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "club.merge"));
    expect(entries).toHaveLength(1);
  });
});

describe("organisers and genres", () => {
  it("creates, renames and deletes an organiser and a genre; a genre needs a real category", async () => {
    const organizer = await send("POST", "/api/admin/organizers/", adminToken, {
      name: "Kollektiv Morgengrauen",
      website: "https://morgengrauen.example.org",
    });
    expect(organizer.statusCode).toBe(201);
    expect(organizer.json().slug).toBe("kollektiv-morgengrauen");
    const renamed = await send("PUT", `/api/admin/organizers/${organizer.json().id}/`, adminToken, {
      name: "Morgengrauen",
    });
    expect(renamed.json().slug).toBe("kollektiv-morgengrauen");
    expect(
      (await send("DELETE", `/api/admin/organizers/${organizer.json().id}/`, adminToken))
        .statusCode,
    ).toBe(204);

    const badCategory = await send("POST", "/api/admin/genres/", adminToken, {
      name: "Hardgroove",
      categoryId: 999_999,
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toHaveProperty("categoryId");
    const beyondIds = await send("POST", "/api/admin/genres/", adminToken, {
      name: "Hardgroove",
      categoryId: 2_147_483_648,
    });
    expect(beyondIds.statusCode).toBe(400);
    expect(beyondIds.json().categoryId[0]).toBe("Ungültige Auswahl.");
    const techno = await createGenre(ctx.deps, { name: "Techno", isMain: true });
    const genre = await send("POST", "/api/admin/genres/", adminToken, {
      name: "Hardgroove",
      categoryId: techno.categoryId,
      isMain: false,
    });
    expect(genre.statusCode).toBe(201);
    const listed = (await send("GET", "/api/admin/genres/", adminToken)).json();
    expect(listed.genres.map((row: { name: string }) => row.name)).toContain("Hardgroove");
    expect(
      (await send("DELETE", `/api/admin/genres/${genre.json().id}/`, adminToken)).statusCode,
    ).toBe(204);
  });
});

describe("newsletter", () => {
  it("finds subscribers, exports them as CSV and removes one", async () => {
    const consent = {
      signedUpAt: "2026-11-01T10:00:00Z",
      ip: null,
      userAgent: null,
      form: "page",
      wordingVersion: "1",
    };
    const [kept, removed] = await ctx.deps.db
      .insert(newsletterSubscribers)
      .values([
        { email: "tanz@example.org", status: "confirmed", consent, confirmedAt: new Date() },
        { email: "weg@example.org", status: "pending", consent },
      ])
      .returning();
    const found = (
      await send("GET", "/api/admin/newsletter/subscribers/?q=tanz", adminToken)
    ).json();
    expect(found.results.map((row: { email: string }) => row.email)).toEqual(["tanz@example.org"]);
    const csv = await send("GET", "/api/admin/newsletter/subscribers/export/", adminToken);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\n")[0]).toBe("email,status,signed_up_at,confirmed_at");
    expect(csv.body).toContain("tanz@example.org,confirmed,");
    expect(
      (await send("DELETE", `/api/admin/newsletter/subscribers/${removed!.id}/`, adminToken))
        .statusCode,
    ).toBe(204);
    const left = await ctx.deps.db.select().from(newsletterSubscribers);
    expect(left.map((row) => row.id)).toEqual([kept!.id]);
  });
});
