import { z } from "./german-errors.ts";
import { databaseId } from "./database-id.ts";
import { text } from "./text.ts";
import { NIGHT_PLAN_LIMIT } from "#common/night-plan-limit.ts";

/**
 * The Nachtplan (decision 0223): the sets a visitor picked, kept in the browser with everything
 * the plan shows offline — the set's times as picked, its party and the party's place with its
 * coordinates. Whatever is read back from local storage passes `plannedSetSchema` entry by
 * entry, so a forged or broken plan loses its bad entries, never the page.
 */

const MAX_NAME_LENGTH = 300;
const isoInstant = z.iso.datetime({ offset: true });

export const planPlaceSchema = z.strictObject({
  name: text().max(MAX_NAME_LENGTH),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  address: text().max(MAX_NAME_LENGTH),
  search: text().max(MAX_NAME_LENGTH * 2),
});

/** One planned set as the browser keeps it, and as the server answers it. */
export const plannedSetSchema = z.strictObject({
  /** The line-up entry's id. */
  id: databaseId(),
  artist: text().min(1).max(MAX_NAME_LENGTH),
  floor: text().max(MAX_NAME_LENGTH),
  start: isoInstant,
  end: isoInstant.nullable(),
  party: z.strictObject({
    id: databaseId(),
    title: text().min(1).max(MAX_NAME_LENGTH),
    /** The party page: a path on this site, never another origin or a script. */
    path: text().regex(/^\/party\/[a-z0-9-]*\/[1-9]\d{0,9}$/),
    cancelled: z.boolean(),
  }),
  /** Where the party is; null for a party without an address. */
  place: planPlaceSchema.nullable(),
});

export type PlannedSet = z.infer<typeof plannedSetSchema>;

/** The valid entries of a stored plan, at most `NIGHT_PLAN_LIMIT`, each set once. */
export function validPlannedSets(stored: unknown): PlannedSet[] {
  if (!Array.isArray(stored)) return [];
  const sets: PlannedSet[] = [];
  const seen = new Set<number>();
  for (const entry of stored.slice(0, NIGHT_PLAN_LIMIT * 2)) {
    const parsed = plannedSetSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    sets.push(parsed.data);
    if (sets.length === NIGHT_PLAN_LIMIT) break;
  }
  return sets;
}

/** A shared plan's `?sets=…` (common/night-plan-link.ts): parts it cannot read count as gone. */
export const nightPlanQuery = z.strictObject({
  sets: text().max(NIGHT_PLAN_LIMIT * 30, "Dieser Nachtplan-Link ist zu lang."),
});
