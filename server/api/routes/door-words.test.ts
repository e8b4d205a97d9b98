import { and, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { startLocalPushService, type LocalPushService } from "#tests/setup/push-service.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { pushNotices } from "#server/db/schema/follows.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { latestDoorWordOf } from "#server/domain/door-words/door-words.server.ts";

/**
 * Words from the door (issue 29 point 2, decision 0221) through the API: who may post, when,
 * how often, what the party's JSON shows, who gets the push, and an admin's removal.
 */

/** Saturday 2026-11-28, 01:30 in Berlin: Friday's party night. */
const FRIDAY_NIGHT_0130 = "2026-11-28T00:30:00Z";
/** Saturday 06:30 in Berlin: Friday's night is over. */
const SATURDAY_0630 = "2026-11-28T05:30:00Z";

let ctx: TestContext;
let app: FastifyInstance;
let push: LocalPushService;
let ownerToken: string;
let strangerToken: string;
let adminToken: string;
let clubId: number;

beforeAll(async () => {
  push = await startLocalPushService();
  ctx = await createTestContext({
    now: FRIDAY_NIGHT_0130,
    config: { TEST_PUSH_SERVICE_URL: push.origin },
  });
  app = await buildApp({ deps: ctx.deps });
  const token = async (role: "user" | "admin") => {
    const user = await createUser(ctx.deps, { role });
    return { id: user.id, access: (await startSession(ctx.deps, user.id, null)).access };
  };
  const owner = await token("user");
  ownerId = owner.id;
  ownerToken = owner.access;
  strangerToken = (await token("user")).access;
  adminToken = (await token("admin")).access;
  clubId = (await createClub(ctx.deps, { name: "Kellerclub" })).id;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
  await push.close();
});

let ownerId: number;

/** Friday night's party (23:00 to 08:00) of the owner, unless told otherwise. */
const newParty = (overrides: Parameters<typeof createEvent>[1] | object = {}) =>
  createEvent(ctx.deps, {
    title: "Kellernacht",
    startsAt: "2026-11-27T22:00:00Z",
    endsAt: new Date("2026-11-28T07:00:00Z"),
    locationId: clubId,
    createdById: ownerId,
    ...overrides,
  });

const postWord = (partyId: number, body: unknown, access: string | null = ownerToken) =>
  app.inject({
    method: "POST",
    url: `/api/events/${partyId}/door-words/`,
    payload: body as Record<string, unknown>,
    headers: access ? bearer(access) : {},
  });

const doorWordsOf = async (partyId: number) =>
  (await app.inject({ url: `/api/events/${partyId}/` })).json<{
    door_words: { id: number; preset: string; text: string; time: string }[];
  }>().door_words;

async function follower(list: { kind: string; id: number }[], saved: number[], path: string) {
  const created = await app.inject({
    method: "POST",
    url: "/api/follower/",
    payload: { follows: list, saved_parties: saved },
  });
  const { secret } = created.json<{ secret: string }>();
  const subscribed = await app.inject({
    method: "PUT",
    url: "/api/follower/push/",
    payload: { secret, subscription: push.subscription(path) },
  });
  expect(subscribed.statusCode).toBe(204);
  return secret;
}

const switchLiveUpdates = (secret: string, on: unknown) =>
  app.inject({
    method: "PUT",
    url: "/api/follower/live-updates/",
    payload: { secret, live_updates: on },
  });

describe("posting a word from the door", () => {
  it("shows it with its time in the party's JSON, audits it and pushes it to live-update browsers only", async () => {
    const party = await newParty();
    const saver = await follower([], [party.id], "/push/saver");
    const clubFan = await follower([{ kind: "club", id: clubId }], [], "/push/club-fan");
    await follower([], [party.id], "/push/live-updates-off");
    expect((await switchLiveUpdates(saver, true)).json()).toEqual({ live_updates: true });
    expect((await switchLiveUpdates(clubFan, true)).statusCode).toBe(200);
    expect((await switchLiveUpdates(saver, "ja")).statusCode).toBe(400);

    const posted = await postWord(party.id, {
      preset: "entry_stop",
      note: " Nur noch Gästeliste ",
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      preset: "entry_stop",
      note: "Nur noch Gästeliste",
      text: "Einlassstopp – Nur noch Gästeliste",
      posted_at: "2026-11-28T00:30:00.000Z",
      time: "01:30 Uhr",
    });
    expect(await doorWordsOf(party.id)).toEqual([
      expect.objectContaining({ text: "Einlassstopp – Nur noch Gästeliste", time: "01:30 Uhr" }),
    ]);
    expect((await latestDoorWordOf(ctx.deps, party.id))?.preset).toBe("entry_stop");

    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "door_word.posted"), eq(auditLog.entityId, String(party.id))));
    expect(audit?.details).toMatchObject({ preset: "entry_stop", note: "Nur noch Gästeliste" });

    await expect
      .poll(() =>
        push
          .received()
          .filter((message) => message.payload.includes("Kellernacht"))
          .map((message) => message.path)
          .sort(),
      )
      .toEqual(["/push/club-fan", "/push/saver"]);
    const message = push.received().find((received) => received.path === "/push/saver")!;
    expect(JSON.parse(message.payload)).toMatchObject({
      title: "Kellernacht: Einlassstopp – Nur noch Gästeliste",
      body: "Von der Tür, 01:30 Uhr",
    });
    const notices = await ctx.deps.db
      .select()
      .from(pushNotices)
      .where(and(eq(pushNotices.eventId, party.id), like(pushNotices.topic, "door-%")));
    expect(notices).toHaveLength(2);
  });

  it("refuses bad input with German field errors", async () => {
    const party = await newParty();
    const unknown = await postWord(party.id, { preset: "party_over" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ preset: ["Bitte wähle aus, was an der Tür los ist."] });
    const long = await postWord(party.id, { preset: "queue_20", note: "x".repeat(141) });
    expect(long.json()).toEqual({ note: ["Höchstens 140 Zeichen."] });
    const markup = await postWord(party.id, { preset: "queue_20", note: "<b>laut</b>" });
    expect(markup.json()).toEqual({ note: ["Bitte nur Text, ohne spitze Klammern („<“, „>“)."] });
    const extra = await postWord(party.id, { preset: "queue_20", html: "<b>" });
    expect(extra.statusCode).toBe(400);
    expect(await doorWordsOf(party.id)).toEqual([]);
  });

  it("is only for who may manage the party: 401 signed out, 403 (audited) for someone else", async () => {
    const party = await newParty();
    expect((await postWord(party.id, { preset: "entry_open" }, null)).statusCode).toBe(401);
    const stranger = await postWord(party.id, { preset: "entry_open" }, strangerToken);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: "Das ist nicht Deine Party." });
    const denied = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "event.door_word.denied"), eq(auditLog.entityId, String(party.id))),
      );
    expect(denied).toHaveLength(1);
    expect((await postWord(999_999, { preset: "entry_open" })).statusCode).toBe(404);
    expect(await doorWordsOf(party.id)).toEqual([]);
  });

  it("is only for tonight's public party that is not over (403 in German)", async () => {
    const over = await newParty({ endsAt: new Date("2026-11-28T00:00:00Z") });
    const tomorrow = await newParty({ startsAt: "2026-11-28T22:00:00Z", endsAt: null });
    const cancelled = await newParty({ status: "cancelled" });
    const notTonight =
      "Meldungen von der Tür gehen nur während der Partynacht – diese Party ist vorbei oder nicht heute Nacht.";
    for (const party of [over, tomorrow]) {
      const answer = await postWord(party.id, { preset: "entry_open" });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ detail: notTonight });
    }
    const refused = await postWord(cancelled.id, { preset: "entry_open" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/veröffentlichte Partys/);
  });

  it("takes a few per hour and party, then answers 429 with the wait in German", async () => {
    const party = await newParty();
    for (let word = 0; word < 4; word++) {
      expect((await postWord(party.id, { preset: "queue_20" })).statusCode).toBe(201);
    }
    const flood = await postWord(party.id, { preset: "queue_20" });
    expect(flood.statusCode).toBe(429);
    expect(Number(flood.headers["retry-after"])).toBeGreaterThan(0);
    expect(flood.json<{ detail: string }>().detail).toMatch(
      /^Für diese Party gingen in der letzten Stunde schon 4 Meldungen raus\. Die nächste geht in \d+ Minuten?\.$/,
    );
    // Another party of the night has its own allowance.
    expect((await postWord((await newParty()).id, { preset: "queue_20" })).statusCode).toBe(201);
  });
});

describe("removing a word", () => {
  it("is for admins (audited), and a removed word is gone from the party's JSON", async () => {
    const party = await newParty();
    const { id } = (await postWord(party.id, { preset: "box_office_sold_out" })).json<{
      id: number;
    }>();
    const remove = (access: string | null, wordId = id, partyId = party.id) =>
      app.inject({
        method: "DELETE",
        url: `/api/events/${partyId}/door-words/${wordId}/`,
        headers: access ? bearer(access) : {},
      });
    expect((await remove(null)).statusCode).toBe(401);
    expect((await remove(ownerToken)).statusCode).toBe(403);
    expect((await remove(adminToken, id, (await newParty()).id)).statusCode).toBe(404);
    expect((await remove(adminToken)).statusCode).toBe(204);
    expect((await remove(adminToken)).statusCode).toBe(404);
    expect(await doorWordsOf(party.id)).toEqual([]);
    const actions = (
      await ctx.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(party.id)))
    ).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["door_word.posted", "door_word.remove.denied", "door_word.removed"]),
    );
  });
});

describe("the end of the night", () => {
  it("takes the words out of view at 06:00", async () => {
    const party = await newParty();
    expect((await postWord(party.id, { preset: "timetable_changed" })).statusCode).toBe(201);
    expect(await doorWordsOf(party.id)).toHaveLength(1);
    ctx.setNow(SATURDAY_0630);
    try {
      expect(await doorWordsOf(party.id)).toEqual([]);
      expect(await latestDoorWordOf(ctx.deps, party.id)).toBeNull();
      // The party still runs until 08:00, but its night is over: no more words.
      const { access } = await startSession(ctx.deps, ownerId, null);
      expect((await postWord(party.id, { preset: "entry_open" }, access)).statusCode).toBe(403);
    } finally {
      ctx.setNow(FRIDAY_NIGHT_0130);
    }
  });
});
