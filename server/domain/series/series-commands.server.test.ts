import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { toWallClock } from "#common/dates.ts";
import { createUser } from "#tests/factories/users.ts";
import {
  partiesOfSeries,
  setUpSeriesScene,
  THURSDAY_NOON,
  weeklyForm,
} from "#tests/factories/series-scene.ts";
import { eventSeries, events } from "#server/db/schema/events.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { cancelEvent } from "#server/domain/events/event-commands.server.ts";
import { updateSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { deleteUnusedFlyers, imageFilesOf } from "#server/domain/uploads/flyer-files.server.ts";
import {
  createEventOrSeries,
  setSeriesState,
  updateEventOrSeries,
} from "./series-commands.server.ts";
import { fillSeries } from "./series-fill.server.ts";

/**
 * Parties that repeat (issue 28 point 4, decision 0230): a series creates the parties of the next
 * eight weeks at the same wall-clock time, refuses too many, and "alle folgenden" changes this and
 * the later parties only.
 */

const scene = setUpSeriesScene("Institut fuer Zukunft");
const form = (overrides?: Record<string, unknown>) => weeklyForm(scene, overrides);
const partiesOf = (seriesId: number) => partiesOfSeries(scene, seriesId);

const berlin = (instant: Date) => {
  const wall = toWallClock(instant, "Europe/Berlin");
  return `${wall.hour}:${String(wall.minute).padStart(2, "0")}`;
};

async function fieldErrorsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fieldErrors;
}

describe("a weekly series", () => {
  it("creates the parties of the next eight weeks, 23:00 to 06:00 across the clock change", async () => {
    const saved = await createEventOrSeries(scene.ctx.deps, scene.organiser, form());
    expect(saved.seriesId).not.toBeNull();
    const parties = await partiesOf(saved.seriesId!);
    expect(parties.map((party) => party.seriesDay)).toEqual([
      "2026-10-02",
      "2026-10-09",
      "2026-10-16",
      "2026-10-23",
      "2026-10-30",
      "2026-11-06",
      "2026-11-13",
      "2026-11-20",
    ]);
    expect(parties[0]!.id).toBe(saved.id);
    for (const party of parties) {
      expect(berlin(party.startsAt)).toBe("23:00");
      expect(berlin(party.endsAt!)).toBe("6:00");
      expect(party.status).toBe("published");
      expect(party.locationId).toBe(scene.club.id);
    }
    // Summer time before 25 October, winter time after: the instants differ by an hour.
    expect(parties[3]!.startsAt.toISOString()).toBe("2026-10-23T21:00:00.000Z");
    expect(parties[4]!.startsAt.toISOString()).toBe("2026-10-30T22:00:00.000Z");
  });

  it("puts the parties of a new organiser's series into the approval queue like a hand-made party", async () => {
    await updateSiteSettings(scene.ctx.deps, scene.organiser, { eventsNeedApproval: true });
    try {
      const newcomer = await createUser(scene.ctx.deps, { withOrganizer: false });
      const saved = await createEventOrSeries(
        scene.ctx.deps,
        { id: newcomer.id, role: "user" },
        form({ title: "Neulingsnacht", start: "2026-10-03T22:00", end: "" }),
      );
      const statuses = (await partiesOf(saved.seriesId!)).map((party) => party.status);
      expect(statuses).toHaveLength(8);
      expect(new Set(statuses)).toEqual(new Set(["pending"]));
    } finally {
      await updateSiteSettings(scene.ctx.deps, scene.organiser, { eventsNeedApproval: false });
    }
  });
});

describe("a series' flyer", () => {
  it("stays while the series' template holds it, even when no party shows it any more", async () => {
    const flyer = `flyers/u${scene.organiser.id}/${"a".repeat(32)}-800.webp`;
    for (const file of imageFilesOf(flyer)) {
      await scene.ctx.deps.storage.put(file, Buffer.from("webp"), "image/webp");
    }
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Flyernacht", start: "2026-10-08T22:00", end: "", flyer }),
    );
    expect((await partiesOf(saved.seriesId!)).every((party) => party.flyerPath === flyer)).toBe(
      true,
    );
    await scene.ctx.deps.db
      .update(events)
      .set({ flyerPath: null })
      .where(eq(events.seriesId, saved.seriesId!));
    await deleteUnusedFlyers(scene.ctx.deps, [flyer]);
    expect(await scene.ctx.deps.storage.get(flyer)).not.toBeNull();
    await scene.ctx.deps.db.delete(eventSeries).where(eq(eventSeries.id, saved.seriesId!));
    await deleteUnusedFlyers(scene.ctx.deps, [flyer]);
    expect(await scene.ctx.deps.storage.get(flyer)).toBeNull();
  });
});

describe("a single party", () => {
  it("saved again with a repeat becomes the first party of a new series", async () => {
    const single = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Erst einmal", start: "2026-10-10T23:00", end: "", repeat: "" }),
    );
    expect(single.seriesId).toBeNull();
    const saved = await updateEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      single.id,
      form({ title: "Erst einmal", start: "2026-10-10T23:00", end: "", repeat: "biweekly" }),
    );
    expect((await partiesOf(saved.seriesId!)).map((party) => [party.id, party.seriesDay])).toEqual([
      [single.id, "2026-10-10"],
      [expect.any(Number), "2026-10-24"],
      [expect.any(Number), "2026-11-07"],
      [expect.any(Number), "2026-11-21"],
    ]);
  });
});

describe("an admin", () => {
  it("making an organiser's party repeat leaves the series and its parties with the organiser", async () => {
    const admin = await createUser(scene.ctx.deps, { role: "admin", withOrganizer: false });
    const single = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Vom Admin verlängert", start: "2026-10-11T18:00", end: "", repeat: "" }),
    );
    const saved = await updateEventOrSeries(
      scene.ctx.deps,
      { id: admin.id, role: "admin" },
      single.id,
      form({ title: "Vom Admin verlängert", start: "2026-10-11T18:00", end: "" }),
    );
    const [series] = await scene.ctx.deps.db
      .select()
      .from(eventSeries)
      .where(eq(eventSeries.id, saved.seriesId!));
    expect(series!.createdById).toBe(scene.organiser.id);
    const owners = new Set((await partiesOf(saved.seriesId!)).map((party) => party.createdById));
    expect(owners).toEqual(new Set([scene.organiser.id]));
  });
});

describe("bad input", () => {
  it("refuses a series with an end day that would hold more than 52 parties, in German", async () => {
    const before = await scene.ctx.deps.db.select({ id: eventSeries.id }).from(eventSeries);
    const errors = await fieldErrorsOf(
      createEventOrSeries(
        scene.ctx.deps,
        scene.organiser,
        form({ title: "Ewig", start: "2026-10-04T20:00", end: "", repeat_until: "2028-01-01" }),
      ),
    );
    expect(errors.repeat_until).toEqual([
      "Eine Serie mit Enddatum hat höchstens 52 Partys. Wähle ein früheres Enddatum.",
    ]);
    expect(await scene.ctx.deps.db.select({ id: eventSeries.id }).from(eventSeries)).toHaveLength(
      before.length,
    );
  });

  it("refuses a monthly week the start is not on, an end before the start and a wrong day", async () => {
    const firstFriday = await fieldErrorsOf(
      createEventOrSeries(
        scene.ctx.deps,
        scene.organiser,
        form({ start: "2026-10-09T23:00", repeat: "monthly", repeat_week: "1" }),
      ),
    );
    expect(firstFriday.repeat_week).toEqual([
      "Der Beginn liegt nicht auf diesem Wochentag im Monat.",
    ]);
    const missingWeek = await fieldErrorsOf(
      createEventOrSeries(scene.ctx.deps, scene.organiser, form({ repeat: "monthly" })),
    );
    expect(missingWeek.repeat_week).toEqual(["Pflichtfeld"]);
    const early = await fieldErrorsOf(
      createEventOrSeries(scene.ctx.deps, scene.organiser, form({ repeat_until: "2026-10-01" })),
    );
    expect(early.repeat_until).toEqual(["Das Ende der Serie muss am oder nach dem Beginn liegen."]);
    const nonsense = await fieldErrorsOf(
      createEventOrSeries(
        scene.ctx.deps,
        scene.organiser,
        form({ repeat_until: "2026-02-30", repeat: "x" }),
      ),
    );
    expect(nonsense.repeat).toEqual(["Ungültige Auswahl."]);
  });

  it("creates the last Friday of each month, eight weeks ahead, through its end day", async () => {
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({
        title: "Letzter Freitag",
        start: "2026-10-30T23:00",
        end: "",
        repeat: "monthly",
        repeat_week: "last",
        repeat_until: "2026-12-31",
      }),
    );
    expect((await partiesOf(saved.seriesId!)).map((party) => party.seriesDay)).toEqual([
      "2026-10-30",
    ]);
    scene.ctx.setNow("2026-11-05T10:00:00Z");
    try {
      await fillSeries(scene.ctx.deps);
    } finally {
      scene.ctx.setNow(THURSDAY_NOON);
    }
    expect((await partiesOf(saved.seriesId!)).map((party) => party.seriesDay)).toEqual([
      "2026-10-30",
      "2026-11-27",
      "2026-12-25",
    ]);
  });
});

describe("changing a party of a series", () => {
  it("„nur diese“ changes one party; „alle folgenden“ this and the later ones, not a cancelled one", async () => {
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Dienstagsbar", start: "2026-10-06T20:00", end: "2026-10-06T23:30" }),
    );
    const [first, second, third, fourth] = await partiesOf(saved.seriesId!);
    await cancelEvent(scene.ctx.deps, scene.organiser, fourth!.id);
    await updateEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      first!.id,
      form({
        title: "Dienstagsbar Spezial",
        start: "2026-10-06T20:00",
        end: "2026-10-06T23:30",
        repeat: "weekly",
        series_scope: "this",
      }),
    );
    await updateEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      third!.id,
      form({
        title: "Dienstagsbar neu",
        start: "2026-10-20T21:00",
        end: "2026-10-21T01:00",
        repeat: "weekly",
        series_scope: "following",
      }),
    );
    const parties = await partiesOf(saved.seriesId!);
    expect(parties.map((party) => [party.title, party.status, berlin(party.startsAt)])).toEqual([
      ["Dienstagsbar Spezial", "published", "20:00"],
      ["Dienstagsbar", "published", "20:00"],
      ["Dienstagsbar neu", "published", "21:00"],
      ["Dienstagsbar", "cancelled", "20:00"],
      ...Array.from({ length: 4 }, () => ["Dienstagsbar neu", "published", "21:00"]),
    ]);
    expect(parties.map((party) => party.id).slice(0, 4)).toEqual(
      [first, second, third, fourth].map((party) => party!.id),
    );
    expect(parties.at(-1)!.seriesDay).toBe("2026-11-24");
    expect(berlin(parties.at(-1)!.endsAt!)).toBe("1:00");
    const [series] = await scene.ctx.deps.db
      .select()
      .from(eventSeries)
      .where(eq(eventSeries.id, saved.seriesId!));
    expect(series).toMatchObject({ startTime: "21:00", endTime: "01:00", endDaysAfter: 1 });
    expect(series!.template.title).toBe("Dienstagsbar neu");
  });

  it("moves the following parties with the party and cancels those the new rule drops", async () => {
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Mittwochsjam", start: "2026-10-07T19:00", end: "" }),
    );
    const [, second] = await partiesOf(saved.seriesId!);
    // From the second on: Thursdays, every two weeks.
    await updateEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      second!.id,
      form({
        title: "Donnerstagsjam",
        start: "2026-10-15T19:00",
        end: "",
        repeat: "biweekly",
        series_scope: "following",
      }),
    );
    const parties = await partiesOf(saved.seriesId!);
    const live = parties.filter((party) => party.status === "published");
    expect(live.map((party) => [party.title, party.seriesDay])).toEqual([
      ["Mittwochsjam", "2026-10-07"],
      ["Donnerstagsjam", "2026-10-15"],
      ["Donnerstagsjam", "2026-10-29"],
      ["Donnerstagsjam", "2026-11-12"],
      ["Donnerstagsjam", "2026-11-26"],
    ]);
    expect(parties.filter((party) => party.status === "cancelled")).toHaveLength(3);
  });
});

describe("pausing and ending", () => {
  it("creates nothing while paused, fills the window on resume, and an ended series stays ended", async () => {
    const saved = await createEventOrSeries(
      scene.ctx.deps,
      scene.organiser,
      form({ title: "Sonntagsfrühstück", start: "2026-10-04T11:00", end: "" }),
    );
    expect(await partiesOf(saved.seriesId!)).toHaveLength(8);
    await setSeriesState(scene.ctx.deps, scene.organiser, saved.seriesId!, "paused");
    scene.ctx.setNow("2026-10-22T10:00:00Z");
    try {
      await setSeriesState(scene.ctx.deps, scene.organiser, saved.seriesId!, "active");
      const days = (await partiesOf(saved.seriesId!)).map((party) => party.seriesDay);
      expect(days).toHaveLength(11);
      expect(days.at(-1)).toBe("2026-12-13");
      await setSeriesState(scene.ctx.deps, scene.organiser, saved.seriesId!, "ended");
      await expect(
        setSeriesState(scene.ctx.deps, scene.organiser, saved.seriesId!, "active"),
      ).rejects.toThrow("Diese Serie ist beendet.");
      const stranger = await createUser(scene.ctx.deps, { withOrganizer: false });
      await expect(
        setSeriesState(
          scene.ctx.deps,
          { id: stranger.id, role: "user" },
          saved.seriesId!,
          "paused",
        ),
      ).rejects.toThrow("Das ist nicht Deine Serie.");
    } finally {
      scene.ctx.setNow(THURSDAY_NOON);
    }
  });
});
