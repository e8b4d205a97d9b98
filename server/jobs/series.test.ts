import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClub } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import {
  partiesOfSeries,
  setUpSeriesScene,
  THURSDAY_NOON,
  weeklyForm,
} from "#tests/factories/series-scene.ts";
import { users } from "#server/db/schema/users.ts";
import { cancelEvent, deleteEvent } from "#server/domain/events/event-commands.server.ts";
import { calendarFeed } from "#server/domain/feeds/party-feeds.server.ts";
import {
  createEventOrSeries,
  setSeriesState,
  updateEventOrSeries,
} from "#server/domain/series/series-commands.server.ts";
import { fillSeries } from "#server/domain/series/series-fill.server.ts";
import { runSeriesJob } from "./series-job.server.ts";

/**
 * The scheduler's series job (decision 0230): keeps the next eight weeks of each active series
 * created, creates only what is missing, never brings back a party that was cancelled, moved alone
 * or deleted, and the club's calendar feed carries each party with its own stable UID.
 */

const scene = setUpSeriesScene("Conne Island");
const form = (overrides?: Record<string, unknown>) => weeklyForm(scene, overrides);
const partiesOf = (seriesId: number) => partiesOfSeries(scene, seriesId);

/** The UIDs of a calendar's events, by summary. */
function uidsOf(calendar: string): Map<string, string> {
  const component = new ICAL.Component(ICAL.parse(calendar) as unknown[]);
  return new Map(
    component
      .getAllSubcomponents("vevent")
      .map((vevent) => [
        String(vevent.getFirstPropertyValue("uid")),
        String(vevent.getFirstPropertyValue("dtstart")),
      ]),
  );
}

describe("the series job", () => {
  it("creates only the missing parties, skips cancelled, moved and deleted ones, and runs idempotently", async () => {
    const saved = await createEventOrSeries(scene.ctx.deps, scene.organiser, form());
    const seriesId = saved.seriesId!;
    const again = await runSeriesJob(scene.ctx.deps);
    expect(again).toEqual({ ran: true, result: { created: 0, skipped: 0 } });
    const [, second, third, fourth] = await partiesOf(seriesId);
    await cancelEvent(scene.ctx.deps, scene.organiser, second!.id);
    // „Nur diese“: the fourth moves to Saturday.
    await updateEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      fourth!.id,
      form({ start: "2026-10-24T23:00", end: "2026-10-25T06:00", series_scope: "this" }),
    );
    await deleteEvent(scene.ctx.deps, scene.organiser, third!.id);

    // Two weeks on: the window reaches two Fridays further; nothing else comes back.
    scene.ctx.setNow("2026-10-15T10:00:00Z");
    const run = await runSeriesJob(scene.ctx.deps);
    expect(run).toEqual({ ran: true, result: { created: 2, skipped: 0 } });
    expect(await runSeriesJob(scene.ctx.deps)).toEqual({
      ran: true,
      result: { created: 0, skipped: 0 },
    });
    const parties = await partiesOf(seriesId);
    expect(parties.map((party) => [party.seriesDay, party.status])).toEqual([
      ["2026-10-02", "published"],
      ["2026-10-09", "cancelled"],
      ["2026-10-23", "published"],
      ["2026-10-30", "published"],
      ["2026-11-06", "published"],
      ["2026-11-13", "published"],
      ["2026-11-20", "published"],
      ["2026-11-27", "published"],
      ["2026-12-04", "published"],
    ]);
    expect(parties[2]!.startsAt.toISOString()).toBe("2026-10-24T21:00:00.000Z");

    // Paused, the window moves on and nothing is created.
    await setSeriesState(scene.ctx.deps, scene.organiser, seriesId, "paused");
    scene.ctx.setNow("2026-10-22T10:00:00Z");
    expect(await runSeriesJob(scene.ctx.deps)).toEqual({
      ran: true,
      result: { created: 0, skipped: 0 },
    });
  });

  it("skips a day whose party the hand-made rules refuse (a likely duplicate) and goes on", async () => {
    scene.ctx.setNow(THURSDAY_NOON);
    // Someone already entered the second Monday by hand.
    await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Montagskino", start: "2026-10-12T20:00", end: "", repeat: "" }),
    );
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Montagskino", start: "2026-10-05T20:00", end: "" }),
    );
    const days = (await partiesOf(saved.seriesId!)).map((party) => party.seriesDay);
    expect(days).toHaveLength(7);
    expect(days).not.toContain("2026-10-12");
  });
});

describe("a disabled organiser", () => {
  it("gets no new parties in their name until the account is enabled again", async () => {
    scene.ctx.setNow(THURSDAY_NOON);
    const user = await createUser(scene.ctx.deps, { withOrganizer: false });
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      { id: user.id, role: "user" },
      form({ title: "Gesperrte Reihe", start: "2026-10-07T20:00", end: "" }),
    );
    await scene.ctx.deps.db
      .update(users)
      .set({ disabledAt: scene.ctx.deps.now() })
      .where(eq(users.id, user.id));
    scene.ctx.setNow("2026-10-15T10:00:00Z");
    await fillSeries(scene.ctx.deps, saved.seriesId!);
    expect(await partiesOf(saved.seriesId!)).toHaveLength(8);
    await scene.ctx.deps.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    expect(await fillSeries(scene.ctx.deps, saved.seriesId!)).toEqual({ created: 2, skipped: 0 });
  });
});

describe("two fills at once", () => {
  it("(a command's and the job's) create each day once", async () => {
    scene.ctx.setNow(THURSDAY_NOON);
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({
        title: "Doppelt hält nicht",
        start: "2026-10-06T21:00",
        end: "",
        location: null,
        online: true,
      }),
    );
    scene.ctx.setNow("2026-10-29T10:00:00Z");
    const [one, two] = await Promise.all([
      fillSeries(scene.ctx.deps, saved.seriesId!),
      fillSeries(scene.ctx.deps, saved.seriesId!),
    ]);
    expect(one.created + two.created).toBe(4);
    const days = (await partiesOf(saved.seriesId!)).map((party) => party.seriesDay);
    expect(days).toHaveLength(12);
    expect(new Set(days).size).toBe(12);
  });
});

describe("the club's calendar feed", () => {
  it("carries each party of a series as its own event with a stable UID", async () => {
    scene.ctx.setNow(THURSDAY_NOON);
    const otherClub = await createClub(scene.ctx.deps, { name: "Moritzbastei" });
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({
        title: "Bastei-Mittwoch",
        start: "2026-10-07T22:00",
        end: "",
        location: otherClub.id,
      }),
    );
    const host = new URL(scene.ctx.deps.config.publicUrl).hostname;
    const before = uidsOf(await calendarFeed(scene.ctx.deps, { kind: "club", id: otherClub.id }));
    const parties = await partiesOf(saved.seriesId!);
    expect([...before.keys()].sort()).toEqual(
      parties.map((party) => `party-${party.id}@${host}`).sort(),
    );
    scene.ctx.setNow("2026-10-08T10:00:00Z");
    await runSeriesJob(scene.ctx.deps);
    const after = uidsOf(await calendarFeed(scene.ctx.deps, { kind: "club", id: otherClub.id }));
    for (const party of parties.slice(1)) {
      const uid = `party-${party.id}@${host}`;
      expect(after.get(uid)).toBe(before.get(uid));
    }
    expect(after.size).toBe(8);
  });
});
