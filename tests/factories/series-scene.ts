import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { events } from "#server/db/schema/events.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { createClub } from "./catalog.ts";
import { createUser } from "./users.ts";

/** Thursday 2026-10-01, 12:00 in Berlin (summer time until Sunday 2026-10-25). */
export const THURSDAY_NOON = "2026-10-01T10:00:00Z";

export interface SeriesScene {
  ctx: TestContext;
  club: { id: number };
  /** An organiser without a profile, who makes the series. */
  organiser: Actor;
}

/**
 * The series tests' world (decision 0230): a database with the clock at `THURSDAY_NOON`, one club
 * and one organiser, made before the file's tests and closed after them.
 */
export function setUpSeriesScene(clubName: string): SeriesScene {
  const scene = {} as SeriesScene;
  beforeAll(async () => {
    scene.ctx = await createTestContext({ now: THURSDAY_NOON });
    scene.club = await createClub(scene.ctx.deps, { name: clubName });
    const user = await createUser(scene.ctx.deps, { withOrganizer: false });
    scene.organiser = { id: user.id, role: "user" };
  });
  afterAll(async () => {
    await scene.ctx.close();
  });
  return scene;
}

/** The event form of a weekly party, Fridays 23:00–06:00 from 2 October 2026, at the club. */
export const weeklyForm = (scene: SeriesScene, overrides: Record<string, unknown> = {}) => ({
  title: "Freitagsclub",
  start: "2026-10-02T23:00",
  end: "2026-10-03T06:00",
  location: scene.club.id,
  repeat: "weekly",
  ...overrides,
});

/** A series' parties, in the order of their days. */
export const partiesOfSeries = (scene: SeriesScene, seriesId: number) =>
  scene.ctx.deps.db
    .select()
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.seriesDay));
