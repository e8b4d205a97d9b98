import { sql, type SQL } from "drizzle-orm";
import { consentContradictsAge, type DoorFacts } from "#common/schemas/door-facts.ts";
import { events } from "#server/db/schema/events.ts";

/*
 * A party's effective door facts (decision 0220): the club's defaults, overridden by every fact
 * the party states itself; the party's minimum age is its `age_limit`, else the club's. One rule,
 * once in TypeScript (pages, API, JSON-LD, the form's check) and once as SQL (listing filters).
 */

/**
 * What holds at the door of a party: the club's facts under the party's own. When the minimum
 * age is 18 or more a Muttizettel makes no sense (JuSchG), so such a fact is left out — the
 * forms refuse the pair; this covers a club changed after the party was saved.
 */
export function effectiveDoorFacts(
  club: DoorFacts | null,
  party: DoorFacts,
  ageLimit: number | null,
): DoorFacts {
  const { minAge: clubMinAge, ...clubFacts } = club ?? {};
  const minAge = ageLimit ?? clubMinAge;
  const facts: DoorFacts = { ...clubFacts, ...party };
  delete facts.minAge;
  if (minAge !== undefined) facts.minAge = minAge;
  if (consentContradictsAge(minAge, facts.parentalConsent)) delete facts.parentalConsent;
  return facts;
}

/** The door filters of the listings ("ab 16", "mit Awareness-Team", "barrierefrei", "Kartenzahlung"). */
export interface DoorFilters {
  /** Parties a 16-year-old may enter: the effective minimum age is stated and at most 16. */
  age16?: boolean;
  awareness?: boolean;
  /** Step-free entry. */
  stepFree?: boolean;
  /** Card payment at the door and at the bar. */
  card?: boolean;
}

/** The club's facts of the row's party (none without a club), as a jsonb SQL value. */
const clubFactsSql = sql`coalesce((select club_door.door_facts from locations as club_door where club_door.id = ${events.locationId}), '{}'::jsonb)`;

/** The effective facts in SQL: jsonb `||` lets the party's stated keys win over the club's. */
const effectiveFactsSql = sql`(${clubFactsSql} || ${events.doorFacts})`;

const states = (facts: DoorFacts) => sql`${effectiveFactsSql} @> ${JSON.stringify(facts)}::jsonb`;

/** The WHERE conditions of the chosen door filters. */
export function doorFilterConditions(filters: DoorFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.age16) {
    conditions.push(sql`coalesce(${events.ageLimit}, (${clubFactsSql} ->> 'minAge')::int) <= 16`);
  }
  if (filters.awareness) conditions.push(states({ awarenessTeam: true }));
  if (filters.stepFree) conditions.push(states({ stepFree: true }));
  if (filters.card) conditions.push(states({ paymentDoor: "card", paymentBar: "card" }));
  return conditions;
}
