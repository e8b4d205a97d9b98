import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "#common/slug.ts";
import { createClub } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { startLocalPushService, type LocalPushService } from "#tests/setup/push-service.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { events } from "#server/db/schema/events.ts";
import { pushNotices } from "#server/db/schema/follows.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { sitemapPartXml } from "#server/domain/seo/sitemap.server.ts";
import { updateSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { runPublicationJob } from "./publication-job.server.ts";
import { renewPreviewToken } from "#server/domain/events/event-commands.server.ts";
import { getPreviewEvent } from "#server/domain/events/public-events.server.ts";

/**
 * "Veröffentlichen am" (decision 0236): a party saved with a publication time stays out of every
 * public listing, the API, the feeds, the sitemap and the search until the scheduler publishes
 * it; only then do its club's followers hear of it. Bad times are field errors.
 */

let ctx: TestContext;
let app: FastifyInstance;
let push: LocalPushService;
let club: { id: number };
let organiser: Awaited<ReturnType<typeof createUser>>;
let organiserToken: string;

beforeAll(async () => {
  push = await startLocalPushService();
  // Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext({
    now: "2026-11-20T20:00:00Z",
    config: { TEST_PUSH_SERVICE_URL: push.origin },
  });
  app = await buildApp({ deps: ctx.deps });
  club = await createClub(ctx.deps, { name: "Distillery" });
  organiser = await createUser(ctx.deps);
  organiserToken = (await startSession(ctx.deps, organiser.id, null)).access;
});

afterAll(async () => {
  await push.close();
  await app.close();
  await ctx.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Geheime Nacht",
  start: "2026-11-27T23:00",
  end: "2026-11-28T06:00",
  location: club.id,
  ...overrides,
});

const create = (payload: unknown, token = organiserToken) =>
  app.inject({
    method: "POST",
    url: "/api/events/",
    headers: bearer(token),
    payload: payload as object,
  });

async function publicTraces(title: string, id: number) {
  const [list, one, ics, rss, search, sitemap] = await Promise.all([
    app.inject({ url: "/api/events/" }),
    app.inject({ url: `/api/events/${id}/` }),
    app.inject({ url: "/feeds/partys.ics" }),
    app.inject({ url: "/feeds/partys.rss" }),
    app.inject({ url: `/api/search/?q=${encodeURIComponent(title)}` }),
    sitemapPartXml(ctx.deps, 1),
  ]);
  return {
    list: list.body.includes(title),
    detail: one.statusCode === 200,
    ics: ics.body.includes(title),
    rss: rss.body.includes(title),
    search: search.body.includes(title),
    sitemap: (sitemap ?? "").includes(`/party/${slugify(title)}/${id}<`),
  };
}

const noticesOf = (eventId: number) =>
  ctx.deps.db.select().from(pushNotices).where(eq(pushNotices.eventId, eventId));

describe("a party with a publication time", () => {
  it("is public nowhere before its time, then published by the job and announced once", async () => {
    const follower = await app.inject({
      method: "POST",
      url: "/api/follower/",
      payload: { follows: [{ kind: "club", id: club.id }] },
    });
    const { secret } = follower.json<{ secret: string }>();
    const subscribed = await app.inject({
      method: "PUT",
      url: "/api/follower/push/",
      payload: { secret, subscription: push.subscription("/push/geheim") },
    });
    expect(subscribed.statusCode).toBe(204);

    const saved = await create(form({ publish_at: "2026-11-24T18:00" }));
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json<{ id: number }>();
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, id));
    expect(row!.status).toBe("draft");
    expect(row!.publishAt?.toISOString()).toBe("2026-11-24T17:00:00.000Z");
    const hidden = {
      list: false,
      detail: false,
      ics: false,
      rss: false,
      search: false,
      sitemap: false,
    };
    expect(await publicTraces("Geheime Nacht", id)).toEqual(hidden);
    expect(await noticesOf(id)).toEqual([]);

    const mine = await app.inject({ url: "/api/my-events/", headers: bearer(organiserToken) });
    const listed = mine.json<{
      results: { id: number; publish_at: string; preview_url: string }[];
    }>();
    const entry = listed.results.find((item) => item.id === id)!;
    expect(entry.publish_at).toBe("2026-11-24T17:00:00.000Z");
    expect(entry.preview_url).toBe(`http://localhost:3000/party/vorschau/${row!.previewToken}`);
    expect((await getPreviewEvent(ctx.deps, row!.previewToken!)).title).toBe("Geheime Nacht");

    // A minute before its time the job leaves it waiting.
    ctx.setNow("2026-11-24T16:59:00Z");
    expect(await runPublicationJob(ctx.deps)).toEqual({ ran: true, result: { published: 0 } });
    expect(await publicTraces("Geheime Nacht", id)).toEqual(hidden);

    ctx.setNow("2026-11-24T17:00:30Z");
    expect(await runPublicationJob(ctx.deps)).toEqual({ ran: true, result: { published: 1 } });
    const [published] = await ctx.deps.db.select().from(events).where(eq(events.id, id));
    expect(published!.status).toBe("published");
    expect(published!.publishAt).toBeNull();
    expect(await publicTraces("Geheime Nacht", id)).toEqual({
      list: true,
      detail: true,
      ics: true,
      rss: true,
      search: true,
      sitemap: true,
    });
    expect((await noticesOf(id)).map((notice) => notice.topic)).toEqual(["new-party"]);

    // Run again: nothing more to publish, nobody told twice.
    expect(await runPublicationJob(ctx.deps)).toEqual({ ran: true, result: { published: 0 } });
    expect(await noticesOf(id)).toHaveLength(1);
  });

  it("waits for approval when its organiser is new and parties need approval", async () => {
    ctx.setNow("2026-11-20T20:00:00Z");
    const admin = await createUser(ctx.deps, { role: "admin" });
    await updateSiteSettings(ctx.deps, { id: admin.id }, { eventsNeedApproval: true });
    try {
      const newcomer = await createUser(ctx.deps);
      const token = (await startSession(ctx.deps, newcomer.id, null)).access;
      const saved = await create(
        form({ title: "Neulingsnacht", publish_at: "2026-11-21T12:00" }),
        token,
      );
      const { id } = saved.json<{ id: number }>();
      ctx.setNow("2026-11-21T11:05:00Z");
      expect(await runPublicationJob(ctx.deps)).toEqual({ ran: true, result: { published: 0 } });
      const [row] = await ctx.deps.db.select().from(events).where(eq(events.id, id));
      expect(row!.status).toBe("pending");
      expect(row!.publishAt).toBeNull();
      expect(await noticesOf(id)).toEqual([]);
    } finally {
      await updateSiteSettings(ctx.deps, { id: admin.id }, { eventsNeedApproval: false });
    }
  });

  it("refuses a time in the past, after the start, or no time at all with a field error", async () => {
    ctx.setNow("2026-11-20T20:00:00Z");
    const cases = [
      ["2026-11-19T18:00", "Das Datum darf nicht in der Vergangenheit liegen!"],
      ["2026-11-28T01:00", "Die Party muss vor ihrem Beginn veröffentlicht werden."],
      ["morgen früh", "Ungültiges Datum."],
    ] as const;
    for (const [publishAt, message] of cases) {
      const refused = await create(form({ title: "Falsche Zeit", publish_at: publishAt }));
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    const published = await create(form({ title: "Schon draußen" }));
    const { id } = published.json<{ id: number }>();
    const later = await app.inject({
      method: "POST",
      url: `/api/events/${id}/`,
      headers: bearer(organiserToken),
      payload: form({ title: "Schon draußen", publish_at: "2026-11-24T18:00" }),
    });
    expect(later.statusCode).toBe(400);
    expect(JSON.stringify(later.json())).toContain("publish_at");
  });

  it("gets a new preview link on request, and the old one stops working", async () => {
    const saved = await create(form({ title: "Vorschaunacht", publish_at: "2026-11-24T18:00" }));
    const { id } = saved.json<{ id: number }>();
    const [before] = await ctx.deps.db.select().from(events).where(eq(events.id, id));
    const renewed = await renewPreviewToken(ctx.deps, { id: organiser.id, role: "user" }, id);
    expect(renewed).not.toBe(before!.previewToken);
    await expect(getPreviewEvent(ctx.deps, before!.previewToken!)).rejects.toThrow(NotFoundError);
    expect((await getPreviewEvent(ctx.deps, renewed)).id).toBe(id);
  });
});
