import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { startLocalPushService, type LocalPushService } from "#tests/setup/push-service.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { doorWords } from "#server/db/schema/door-words.ts";
import { events } from "#server/db/schema/events.ts";
import { followerSavedParties, followers, follows } from "#server/db/schema/follows.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import { savedParties } from "#server/db/schema/saved-parties.ts";
import {
  createFollower,
  followerIdOf,
  replaceFollows,
} from "#server/domain/follows/followers.server.ts";
import { savePushSubscription } from "#server/domain/follows/push-subscriptions.server.ts";
import { sendDueReminders } from "#server/domain/reminders/party-reminders.server.ts";
import { reminderDueAt } from "#server/domain/reminders/reminder-time.ts";
import {
  reminderSettings,
  setPartyReminder,
  setReminderDefault,
} from "#server/domain/reminders/reminder-settings.server.ts";
import { saveParty } from "#server/domain/saved-parties/saved-party-list.server.ts";
import { runRemindersJob } from "./reminders-job.server.ts";

/**
 * Reminders (issue 29 point 3, decisions 0222, 0224): a saved party with "Erinnern" gets one mail
 * (an account) or one push (a browser without an account) on its afternoon — 15:00 on the day its
 * night begins — however often the job runs; a cancelled party and a party without "Erinnern" get
 * none.
 */

// Friday 2026-11-20, 12:00 in Berlin.
const FRIDAY_NOON = new Date("2026-11-20T11:00:00Z");
const at = (berlinTime: string) => new Date(`2026-11-20T${berlinTime}:00+01:00`);

let ctx: TestContext;
let push: LocalPushService;
let club: { id: number };
let alice: { id: number; email: string };

beforeAll(async () => {
  push = await startLocalPushService();
  ctx = await createTestContext({
    now: FRIDAY_NOON,
    config: { TEST_PUSH_SERVICE_URL: push.origin },
  });
  club = await createClub(ctx.deps, { name: "Distillery" });
  alice = await createUser(ctx.deps, { email: "alice@example.org" });
});

afterAll(async () => {
  await ctx.close();
  await push.close();
});

const remindersTo = async (email: string, title: string) =>
  (await mailsTo(ctx.deps.config, email)).filter((mail) => mail.subject === `Heute: „${title}“`);

/** A party at the club, saved by `user`, with "Erinnern" when `remind`. */
async function savedParty(user: { id: number }, title: string, startsAt: string, remind: boolean) {
  const party = await createEvent(ctx.deps, { title, startsAt, locationId: club.id });
  await saveParty(ctx.deps, user.id, party.id);
  if (remind) await setPartyReminder(ctx.deps, user.id, { event: party.id, wanted: true });
  return party;
}

describe("the reminder time", () => {
  it("is 15:00 on the day the party night begins, or two hours before an early start", () => {
    const zone = "Europe/Berlin";
    expect(reminderDueAt(new Date("2026-11-20T22:00:00Z"), zone)).toEqual(at("15:00"));
    // Saturday 01:00 belongs to Friday's night.
    expect(reminderDueAt(new Date("2026-11-21T00:00:00Z"), zone)).toEqual(at("15:00"));
    // An open air from 14:00: at 12:00.
    expect(reminderDueAt(at("14:00"), zone)).toEqual(at("12:00"));
  });
});

describe("the reminder job", () => {
  it("mails once on the party's afternoon, not for a cancelled party or without Erinnern", async () => {
    const artist = (
      await ctx.deps.db.insert(artists).values({ name: "Nachteule", slug: "nachteule" }).returning()
    )[0]!;
    const follower = (
      await ctx.deps.db
        .insert(followers)
        .values({ secretHash: "alice-browser", userId: alice.id })
        .returning()
    )[0]!;
    await ctx.deps.db
      .insert(follows)
      .values({ followerId: follower.id, kind: "artist", targetId: artist.id });

    const tonight = await savedParty(alice, "Nachtschicht", "2026-11-20T22:00:00Z", true);
    await ctx.deps.db.insert(lineupEntries).values({
      eventId: tonight.id,
      artistId: artist.id,
      floor: "Keller",
      startsAt: new Date("2026-11-21T00:00:00Z"),
      endsAt: new Date("2026-11-21T02:00:00Z"),
    });
    // The box office sold out in the afternoon: the reminder carries the door's latest word.
    await ctx.deps.db.insert(doorWords).values({
      eventId: tonight.id,
      preset: "box_office_sold_out",
      note: null,
      postedAt: at("14:30"),
    });
    await savedParty(alice, "Frühschicht", "2026-11-21T00:30:00Z", true);
    const cancelled = await savedParty(alice, "Abgesagt", "2026-11-20T22:00:00Z", true);
    await ctx.deps.db
      .update(events)
      .set({ status: "cancelled" })
      .where(eq(events.id, cancelled.id));
    await savedParty(alice, "Ohne Erinnerung", "2026-11-20T22:00:00Z", false);

    ctx.setNow(at("14:59"));
    expect(await runRemindersJob(ctx.deps)).toEqual({
      ran: true,
      result: { mails: 0, failed: 0, pushes: 0 },
    });

    ctx.setNow(at("15:00"));
    expect(await runRemindersJob(ctx.deps)).toEqual({
      ran: true,
      result: { mails: 2, failed: 0, pushes: 0 },
    });
    ctx.setNow(at("15:01"));
    expect(await runRemindersJob(ctx.deps)).toEqual({
      ran: true,
      result: { mails: 0, failed: 0, pushes: 0 },
    });

    const [mail] = await remindersTo(alice.email, "Nachtschicht");
    expect(await remindersTo(alice.email, "Nachtschicht")).toHaveLength(1);
    expect(mail!.text).toContain("Beginn: Fr., 20.11.2026, 23:00 Uhr");
    expect(mail!.text).toContain("Ort: Distillery");
    expect(mail!.text).toContain("Nachteule (Keller): 01:00 Uhr bis 03:00 Uhr");
    expect(mail!.text).toContain("Von der Tür (14:30 Uhr): Abendkasse ausverkauft");
    expect(await remindersTo(alice.email, "Frühschicht")).toHaveLength(1);
    expect(await remindersTo(alice.email, "Abgesagt")).toEqual([]);
    expect(await remindersTo(alice.email, "Ohne Erinnerung")).toEqual([]);
  });

  it("sends once when two runners race past the lock (the claim), and none after the start", async () => {
    const carol = await createUser(ctx.deps, { email: "carol@example.org" });
    await savedParty(carol, "Doppelschicht", "2026-11-20T22:00:00Z", true);
    await savedParty(carol, "Spätschicht", "2026-11-20T17:00:00Z", true);
    ctx.setNow(at("18:30"));
    const [first, second] = await Promise.all([
      sendDueReminders(ctx.deps),
      sendDueReminders(ctx.deps),
    ]);
    expect(first.mails + second.mails).toBe(1);
    expect(await remindersTo(carol.email, "Doppelschicht")).toHaveLength(1);
    expect(await remindersTo(carol.email, "Spätschicht")).toEqual([]);
  });

  it("takes the account's default for new saves and lists the choices", async () => {
    ctx.setNow(FRIDAY_NOON);
    const bob = await createUser(ctx.deps, { email: "bob@example.org" });
    await setReminderDefault(ctx.deps, bob.id, true);
    const party = await savedParty(bob, "Sonntagsschicht", "2026-11-22T22:00:00Z", false);
    const [saved] = await ctx.deps.db
      .select({ remind: savedParties.remind })
      .from(savedParties)
      .where(eq(savedParties.userId, bob.id));
    expect(saved?.remind).toBe(true);
    expect(await reminderSettings(ctx.deps, bob.id)).toEqual({
      byDefault: true,
      parties: [{ id: party.id, title: "Sonntagsschicht", startsAt: party.startsAt, remind: true }],
    });
    await setPartyReminder(ctx.deps, bob.id, { event: String(party.id), wanted: false });
    expect((await reminderSettings(ctx.deps, bob.id)).parties[0]?.remind).toBe(false);
    await expect(
      setPartyReminder(ctx.deps, alice.id, { event: party.id, wanted: true }),
    ).rejects.toThrow("Diese Party hast Du nicht gemerkt.");
    await expect(
      setPartyReminder(ctx.deps, bob.id, { event: "<script>", wanted: true }),
    ).rejects.toMatchObject({ fieldErrors: { event: ["Diese Party gibt es nicht."] } });
  });
});

describe("push reminders of a browser without an account (decision 0224)", () => {
  it("pushes once on the party's afternoon, not for a cancelled party or without Erinnern", async () => {
    const artist = (
      await ctx.deps.db.insert(artists).values({ name: "Morgentau", slug: "morgentau" }).returning()
    )[0]!;
    const party = (title: string) =>
      createEvent(ctx.deps, { title, startsAt: "2026-11-20T22:00:00Z", locationId: club.id });
    const tonight = await party("Pushnacht");
    await ctx.deps.db.insert(lineupEntries).values({
      eventId: tonight.id,
      artistId: artist.id,
      floor: "Halle",
      startsAt: new Date("2026-11-21T01:00:00Z"),
      endsAt: new Date("2026-11-21T03:00:00Z"),
    });
    const cancelled = await party("Push abgesagt");
    const without = await party("Push ohne Erinnerung");
    const { secret } = await createFollower(
      ctx.deps,
      [{ kind: "artist", id: artist.id }],
      null,
      [tonight.id, cancelled.id, without.id],
      [tonight.id, cancelled.id],
    );
    const followerId = await followerIdOf(ctx.deps, secret);
    await savePushSubscription(ctx.deps, followerId, push.subscription("/push/erinnern"));
    await ctx.deps.db
      .update(events)
      .set({ status: "cancelled" })
      .where(eq(events.id, cancelled.id));
    // A browser synced with an account hears of its saved parties by mail only.
    const synced = await createFollower(ctx.deps, [], alice.id, [tonight.id], [tonight.id]);
    await savePushSubscription(
      ctx.deps,
      await followerIdOf(ctx.deps, synced.secret),
      push.subscription("/push/konto"),
    );
    const pushed = () =>
      push
        .received()
        .filter((message) => message.path === "/push/erinnern" || message.path === "/push/konto")
        .map((message) => ({
          path: message.path,
          ...(JSON.parse(message.payload) as { title: string; body: string; tag: string }),
        }));

    ctx.setNow(at("14:59"));
    expect(await runRemindersJob(ctx.deps)).toMatchObject({ ran: true, result: { pushes: 0 } });
    expect(pushed()).toEqual([]);

    ctx.setNow(at("15:00"));
    expect(await runRemindersJob(ctx.deps)).toMatchObject({ ran: true, result: { pushes: 1 } });
    ctx.setNow(at("15:01"));
    expect(await runRemindersJob(ctx.deps)).toMatchObject({ ran: true, result: { pushes: 0 } });
    ctx.setNow(at("22:59"));
    expect(await runRemindersJob(ctx.deps)).toMatchObject({ ran: true, result: { pushes: 0 } });

    expect(pushed()).toEqual([
      {
        path: "/push/erinnern",
        title: "Heute: „Pushnacht“",
        body: [
          "Beginn: Fr., 20.11.2026, 23:00 Uhr",
          "Ort: Distillery, Karl-Liebknecht-Straße 1, 04107 Leipzig",
          "Morgentau (Halle): 02:00 Uhr bis 04:00 Uhr",
        ].join("\n"),
        url: expect.stringMatching(new RegExp(`/party/pushnacht/${tonight.id}$`)),
        tag: `reminder-${tonight.id}`,
      },
    ]);
  });

  it("keeps Erinnern only for the saved parties the browser names", async () => {
    ctx.setNow(FRIDAY_NOON);
    const party = await createEvent(ctx.deps, {
      title: "Nur gemerkt",
      startsAt: "2026-11-21T22:00:00Z",
      locationId: club.id,
    });
    const other = await createEvent(ctx.deps, {
      title: "Nicht gemerkt",
      startsAt: "2026-11-21T22:00:00Z",
      locationId: club.id,
    });
    const { secret } = await createFollower(ctx.deps, [], null, [party.id], []);
    const followerId = await followerIdOf(ctx.deps, secret);
    await replaceFollows(ctx.deps, followerId, [], [party.id], [party.id, other.id]);
    expect(
      await ctx.deps.db
        .select({ eventId: followerSavedParties.eventId, remind: followerSavedParties.remind })
        .from(followerSavedParties)
        .where(eq(followerSavedParties.followerId, followerId)),
    ).toEqual([{ eventId: party.id, remind: true }]);
  });
});
