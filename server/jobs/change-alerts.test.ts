import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { partyChangeAlerts } from "#server/db/schema/change-alerts.ts";
import { events } from "#server/db/schema/events.ts";
import { users } from "#server/db/schema/users.ts";
import { mergeClub } from "#server/domain/admin/catalogue-merge.server.ts";
import { cancelEvent, updateEvent } from "#server/domain/events/event-commands.server.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { partyCalendar } from "#server/domain/feeds/party-feeds.server.ts";
import {
  savedPartiesCalendar,
  savedPartiesFeedUrl,
} from "#server/domain/saved-parties/saved-parties-feed.server.ts";
import {
  mergeSavedParties,
  saveParty,
} from "#server/domain/saved-parties/saved-party-list.server.ts";
import { eventJsonLd } from "#server/domain/seo/event-json-ld.server.ts";
import { runChangeAlertsJob } from "./change-alerts-job.server.ts";
import {
  changeAlertOptOutToken,
  optOutOfChangeAlerts,
  partyChangeAlert,
  sendDueChangeAlerts,
} from "#server/domain/change-alerts/change-alerts.server.ts";

/**
 * Change alerts (issue 14 item 4, decisions 0184 and 0185): a change of time, place, line-up or
 * cancellation raises the party's revision (its ICS SEQUENCE) and queues one alert; the job mails
 * each person who saved it once, at most once per party and hour.
 */

// Friday 2026-11-20, 21:00 in Berlin.
const FRIDAY = new Date("2026-11-20T20:00:00Z");
const minutes = (n: number) => new Date(FRIDAY.getTime() + n * 60_000);

let ctx: TestContext;
let organiser: { id: number; role: "user" };
let clubA: { id: number };
let clubB: { id: number };
let alice: { id: number; email: string };
let bob: { id: number; email: string };

beforeAll(async () => {
  ctx = await createTestContext({ now: FRIDAY });
  const owner = await createUser(ctx.deps, { email: "veranstalter@example.org" });
  organiser = { id: owner.id, role: "user" };
  clubA = await createClub(ctx.deps, { name: "Distillery" });
  clubB = await createClub(ctx.deps, { name: "Conne Island" });
  alice = await createUser(ctx.deps, { email: "alice@example.org" });
  bob = await createUser(ctx.deps, { email: "bob@example.org" });
});

afterAll(async () => {
  await ctx.close();
});

/** A published party on Saturday 23:00 at club A, owned by the organiser. */
async function party(title: string) {
  return createEvent(ctx.deps, {
    title,
    startsAt: "2026-11-21T22:00:00Z",
    endsAt: new Date("2026-11-22T05:00:00Z"),
    locationId: clubA.id,
    createdById: organiser.id,
  });
}

/** The event form as saved, with changes. */
const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Nachtschicht",
  start: "2026-11-21T23:00",
  end: "2026-11-22T06:00",
  location: clubA.id,
  lineup: [],
  ...overrides,
});

const revisionOf = async (id: number) =>
  (
    await ctx.deps.db.select({ revision: events.revision }).from(events).where(eq(events.id, id))
  )[0]!.revision;

const pendingOf = async (id: number) =>
  (await ctx.deps.db.select().from(partyChangeAlerts).where(eq(partyChangeAlerts.eventId, id)))[0];

const alertMails = async (email: string, title: string) =>
  (await mailsTo(ctx.deps.config, email)).filter((mail) => mail.subject.includes(title));

describe("change detection", () => {
  it("leaves revision and alerts alone on a cosmetic edit (title, description)", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Nachtschicht");
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Nachtschicht!", description: "Mehr Bass." }),
    );
    expect(await revisionOf(event.id)).toBe(0);
    expect(await pendingOf(event.id)).toBeUndefined();
  });

  it("raises the revision and queues one alert for a new time, club and line-up", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Umzugsnacht");
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Umzugsnacht", start: "2026-11-22T00:00" }),
    );
    expect(await revisionOf(event.id)).toBe(1);
    expect((await pendingOf(event.id))?.pendingKinds).toEqual(["time"]);
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Umzugsnacht", start: "2026-11-22T00:00", location: clubB.id }),
    );
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({
        title: "Umzugsnacht",
        start: "2026-11-22T00:00",
        location: clubB.id,
        lineup: [{ artist: "DJ Nachteule", floor: "", start: "", end: "" }],
      }),
    );
    // The same line-up again, spelt differently: no change.
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({
        title: "Umzugsnacht",
        start: "2026-11-22T00:00",
        location: clubB.id,
        lineup: [{ artist: "dj nachteule", floor: "", start: "", end: "" }],
      }),
    );
    expect(await revisionOf(event.id)).toBe(3);
    const pending = await pendingOf(event.id);
    expect([...pending!.pendingKinds].sort()).toEqual(["lineup", "place", "time"]);
    expect(pending!.changedAt).toEqual(FRIDAY);
  });

  it("counts a cancellation once", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Absagenacht");
    await cancelEvent(ctx.deps, organiser, event.id);
    await cancelEvent(ctx.deps, organiser, event.id);
    expect(await revisionOf(event.id)).toBe(1);
    expect((await pendingOf(event.id))?.pendingKinds).toEqual(["cancelled"]);
  });

  it("gives parties of a merged club a new revision but sends no alert (same place)", async () => {
    ctx.setNow(FRIDAY);
    const double = await createClub(ctx.deps, { name: "Distillery (doppelt)" });
    const event = await createEvent(ctx.deps, {
      title: "Doppelclub",
      startsAt: "2026-11-21T22:00:00Z",
      locationId: double.id,
    });
    const admin = await createUser(ctx.deps, { role: "admin" });
    await mergeClub(ctx.deps, { id: admin.id, role: "admin" }, double.id, { intoId: clubA.id });
    expect(await revisionOf(event.id)).toBe(1);
    expect(await pendingOf(event.id)).toBeUndefined();
  });
});

describe("the change-alert job", () => {
  it("sends one mail per person and party after three changes, nothing on a second run, and waits an hour before the next", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Dreifachnacht");
    // Alice saves it twice (heart and the browser's list at login), Bob once.
    await saveParty(ctx.deps, alice.id, event.id);
    await saveParty(ctx.deps, alice.id, event.id);
    await mergeSavedParties(ctx.deps, alice.id, [event.id, event.id]);
    await saveParty(ctx.deps, bob.id, event.id);

    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Dreifachnacht", start: "2026-11-22T00:00" }),
    );
    ctx.setNow(minutes(3));
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Dreifachnacht", start: "2026-11-22T00:00", location: clubB.id }),
    );
    ctx.setNow(minutes(5));
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({
        title: "Dreifachnacht",
        start: "2026-11-22T00:00",
        location: clubB.id,
        lineup: [{ artist: "Ellen Allien", floor: "", start: "", end: "" }],
      }),
    );
    // Still being edited: nothing yet.
    ctx.setNow(minutes(8));
    expect((await sendDueChangeAlerts(ctx.deps)).mails).toBe(0);

    ctx.setNow(minutes(16));
    const first = await sendDueChangeAlerts(ctx.deps);
    expect(first.alerts).toBeGreaterThanOrEqual(1);
    const [aliceMail, ...aliceMore] = await alertMails(alice.email, "Dreifachnacht");
    expect(aliceMore).toEqual([]);
    expect(await alertMails(bob.email, "Dreifachnacht")).toHaveLength(1);
    expect(aliceMail!.subject).toBe("„Dreifachnacht“: Neue Zeit, Neuer Club, Line-up geändert");
    expect(aliceMail!.text).toContain("Neue Zeit: So., 22.11.2026, 00:00 Uhr");
    expect(aliceMail!.text).toContain("Neuer Club: Conne Island");
    expect(aliceMail!.text).toContain("Line-up geändert");
    expect(aliceMail!.text).toContain(`http://localhost:3000/party/dreifachnacht/${event.id}`);
    expect(aliceMail!.text).toContain("/gemerkt/aenderungs-mails?token=");

    // A second run (as the scheduler makes it, under the job's lock): nothing more.
    expect(await runChangeAlertsJob(ctx.deps)).toEqual({
      ran: true,
      result: { alerts: 0, mails: 0, failed: 0, pushes: 0 },
    });

    // Another change 20 minutes later waits for the hour since the last alert.
    ctx.setNow(minutes(20));
    await cancelEvent(ctx.deps, organiser, event.id);
    ctx.setNow(minutes(45));
    expect((await sendDueChangeAlerts(ctx.deps)).mails).toBe(0);
    expect(await alertMails(alice.email, "Dreifachnacht")).toHaveLength(1);
    ctx.setNow(minutes(76));
    expect((await sendDueChangeAlerts(ctx.deps)).mails).toBe(2);
    const cancelled = await alertMails(alice.email, "Dreifachnacht");
    expect(cancelled.map((mail) => mail.subject)).toEqual([
      "„Dreifachnacht“: Neue Zeit, Neuer Club, Line-up geändert",
      "Abgesagt: „Dreifachnacht“",
    ]);
    expect(cancelled[1]!.text).toContain("ist abgesagt");
    expect((await sendDueChangeAlerts(ctx.deps)).mails).toBe(0);
  });

  it("mails no disabled, unverified or opted-out account, and only genuine opt-out tokens count", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Stillenacht");
    const disabled = await createUser(ctx.deps, { email: "gesperrt@example.org" });
    const unverified = await createUser(ctx.deps, { email: "neu@example.org", verified: false });
    const quiet = await createUser(ctx.deps, { email: "ruhe@example.org" });
    for (const user of [disabled, unverified, quiet, alice]) {
      await saveParty(ctx.deps, user.id, event.id);
    }
    await ctx.deps.db.update(users).set({ disabledAt: FRIDAY }).where(eq(users.id, disabled.id));
    expect(await optOutOfChangeAlerts(ctx.deps, `${quiet.id}.${"x".repeat(43)}`)).toBe(false);
    expect(
      await optOutOfChangeAlerts(ctx.deps, changeAlertOptOutToken(ctx.deps.config, quiet.id)),
    ).toBe(true);

    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Stillenacht", start: "2026-11-22T01:00" }),
    );
    const alert = await partyChangeAlert(ctx.deps, event.id, ["time"]);
    expect(alert?.mailRecipients.map((recipient) => recipient.email)).toEqual([alice.email]);
    expect(alert?.headline).toBe("Geändert: Stillenacht");
    ctx.setNow(minutes(15));
    await sendDueChangeAlerts(ctx.deps);
    for (const user of [disabled, unverified, quiet]) {
      expect(await alertMails(user.email, "Stillenacht")).toEqual([]);
    }
    expect(await alertMails(alice.email, "Stillenacht")).toHaveLength(1);
  });
});

describe("calendars and the cancelled party", () => {
  it("writes the revision as SEQUENCE in the party's file and the saved-parties feed (ical.js round trip)", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Kalendernacht");
    await saveParty(ctx.deps, bob.id, event.id);
    const token = (await savedPartiesFeedUrl(ctx.deps, bob.id))
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const sequenceIn = (ics: string) => {
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const vevent = calendar
        .getAllSubcomponents("vevent")
        .map((component) => new ICAL.Event(component))
        .find((entry) => entry.uid.startsWith(`party-${event.id}@`));
      return { sequence: vevent!.sequence, location: vevent!.location, summary: vevent!.summary };
    };
    expect(sequenceIn(await savedPartiesCalendar(ctx.deps, token))).toMatchObject({ sequence: 0 });
    await updateEvent(
      ctx.deps,
      organiser,
      event.id,
      form({ title: "Kalendernacht", location: clubB.id }),
    );
    const moved = sequenceIn(await savedPartiesCalendar(ctx.deps, token));
    expect(moved.sequence).toBe(1);
    expect(moved.location).toContain("Conne Island");
    expect(sequenceIn(await partyCalendar(ctx.deps, event.id)).sequence).toBe(1);

    await cancelEvent(ctx.deps, organiser, event.id);
    const cancelled = sequenceIn(await savedPartiesCalendar(ctx.deps, token));
    expect(cancelled).toMatchObject({ sequence: 2, summary: "Abgesagt: Kalendernacht" });
    expect(await savedPartiesCalendar(ctx.deps, token)).toContain("STATUS:CANCELLED");
  });

  it("keeps a cancelled party public, with schema.org EventCancelled", async () => {
    ctx.setNow(FRIDAY);
    const event = await party("Ausfallnacht");
    await cancelEvent(ctx.deps, organiser, event.id);
    const detail = await getPublicEvent(ctx.deps, event.id);
    expect(detail.status).toBe("cancelled");
    const jsonLd = eventJsonLd(detail, {
      publicUrl: ctx.deps.config.publicUrl,
      timeZone: ctx.deps.config.city.timeZone,
      description: "",
    });
    expect(jsonLd.eventStatus).toBe("https://schema.org/EventCancelled");
  });
});
