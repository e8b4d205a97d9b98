import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { setUpOrganiserApiScene } from "#tests/factories/organiser-api-scene.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { events } from "#server/db/schema/events.ts";
import { lineupOf } from "#server/domain/lineups/lineup-store.server.ts";
import { currentPlanSets } from "#server/domain/night-plans/night-plan-sets.server.ts";
import { encodePlanSets, planCalendarPath } from "#common/night-plan-link.ts";

const scene = setUpOrganiserApiScene();

const party = (lineup: unknown) => ({
  title: "Nachtschicht",
  start: "2026-11-27T23:00",
  end: "2026-11-28T08:00",
  location: scene.clubId,
  lineup,
});

async function createParty(lineup: unknown) {
  const response = await scene.app.inject({
    method: "POST",
    url: "/api/events/",
    headers: bearer(scene.token),
    payload: party(lineup),
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

interface PlanAnswer {
  items: { id: number; artist: string; start: string; moved: boolean; picked_start: string }[];
  gone: number[];
  unreadable: number;
}

const plan = async (sets: string) =>
  (await scene.app.inject({ url: `/api/night-plan/?sets=${sets}` })).json() as PlanAnswer;

describe("a Nachtplan's sets through the API", () => {
  it("answers the sets as they are now, marks a moved one and keeps its id", async () => {
    const partyId = await createParty([
      { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
      { artist: "Ellen Allien", floor: "Main", start: "01:00", end: "03:00" },
    ]);
    expect(await plan("")).toEqual({ items: [], gone: [], unreadable: 0 });
    const [owl, ellen] = await lineupOf(scene.ctx.deps, partyId);
    const picks = [owl!, ellen!].map((set) => ({
      id: set.id,
      start: set.startsAt!.toISOString(),
      end: set.endsAt!.toISOString(),
    }));
    expect(
      (await currentPlanSets(scene.ctx.deps, [owl!.id])).get(owl!.id)?.set.place,
    ).toMatchObject({
      name: "Distillery",
      lat: 51.33,
    });

    const before = await plan(encodePlanSets(picks));
    expect(before.items.map((item) => [item.artist, item.moved])).toEqual([
      ["Nachteule", false],
      ["Ellen Allien", false],
    ]);

    // The organiser moves Ellen Allien to 03:00 and adds an act: the set keeps its id.
    const updated = await scene.app.inject({
      method: "POST",
      url: `/api/events/${partyId}/`,
      headers: bearer(scene.token),
      payload: party([
        { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
        { artist: "Mira Morgenrot", floor: "Main", start: "01:00", end: "03:00" },
        { artist: "Ellen Allien", floor: "Main", start: "03:00", end: "05:00" },
      ]),
    });
    expect(updated.statusCode).toBe(200);
    const after = await plan(encodePlanSets(picks));
    expect(after.items.map((item) => [item.id, item.moved])).toEqual([
      [owl!.id, false],
      [ellen!.id, true],
    ]);
    expect(after.items[1]).toMatchObject({
      start: "2026-11-28T02:00:00.000Z",
      picked_start: "2026-11-28T00:00:00.000Z",
    });

    // The calendar file has the set at its new time.
    const ics = await scene.app.inject({ url: planCalendarPath(picks) });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(ics.body));
    const vevents = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(vevents.map((event) => event.summary)).toEqual([
      "Nachteule – Nachtschicht",
      "Ellen Allien – Nachtschicht",
    ]);
    expect(vevents[1]!.startDate.toJSDate().toISOString()).toBe("2026-11-28T02:00:00.000Z");

    // Hidden again (a draft): its sets are gone; a cut-off part is unreadable.
    await scene.ctx.deps.db.update(events).set({ status: "draft" }).where(eq(events.id, partyId));
    expect(await plan(`${encodePlanSets(picks)},99999.ab.,12.x`)).toEqual({
      items: [],
      gone: [owl!.id, ellen!.id, 99999],
      unreadable: 1,
    });
    expect((await scene.app.inject({ url: planCalendarPath([]) })).statusCode).toBe(404);
  });

  it("refuses a link too long with a German message", async () => {
    const response = await scene.app.inject({
      url: `/api/night-plan/?sets=${"1.a.,".repeat(400)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().sets).toEqual(["Dieser Nachtplan-Link ist zu lang."]);
  });
});
