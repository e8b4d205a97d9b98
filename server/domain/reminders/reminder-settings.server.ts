import { and, asc, eq, gt } from "drizzle-orm";
import { partyReminderSchema } from "#common/schemas/reminders.ts";
import { events } from "#server/db/schema/events.ts";
import { savedParties } from "#server/db/schema/saved-parties.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";

/**
 * "Erinnern" per saved party and as the account's default for parties it saves from now on
 * (decision 0222).
 */

export interface ReminderSettings {
  /** New saves get "Erinnern" ("Gemerkte Partys automatisch erinnern"). */
  byDefault: boolean;
  /** The saved parties still to come, in start order, each with its choice. */
  parties: { id: number; title: string; startsAt: Date; remind: boolean }[];
}

export async function reminderSettings(
  deps: DomainDeps,
  userId: number,
): Promise<ReminderSettings> {
  const [user] = await deps.db
    .select({ byDefault: users.remindSavedParties })
    .from(users)
    .where(eq(users.id, userId));
  const parties = await deps.db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      remind: savedParties.remind,
    })
    .from(savedParties)
    .innerJoin(events, eq(events.id, savedParties.eventId))
    .where(
      and(
        eq(savedParties.userId, userId),
        eq(events.status, "published"),
        gt(events.startsAt, deps.now()),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return { byDefault: user?.byDefault ?? false, parties };
}

/** The account's "Erinnern" for one party; null when the account has not saved it. */
export async function partyReminderOf(
  deps: DomainDeps,
  userId: number,
  eventId: number,
): Promise<boolean | null> {
  const [saved] = await deps.db
    .select({ remind: savedParties.remind })
    .from(savedParties)
    .where(and(eq(savedParties.userId, userId), eq(savedParties.eventId, eventId)));
  return saved?.remind ?? null;
}

/**
 * Turns a saved party's reminder on or off (`{event, wanted}`): a ValidationError keyed `event`
 * for an id that is none, NotFoundError when the party is not saved.
 */
export async function setPartyReminder(
  deps: DomainDeps,
  userId: number,
  input: unknown,
): Promise<void> {
  const { event: eventId, wanted } = parseInput(partyReminderSchema, input);
  const changed = await deps.db
    .update(savedParties)
    .set({ remind: wanted })
    .where(and(eq(savedParties.userId, userId), eq(savedParties.eventId, eventId)))
    .returning({ eventId: savedParties.eventId });
  if (changed.length === 0) throw new NotFoundError("Diese Party hast Du nicht gemerkt.");
}

/** The account's default for parties it saves from now on. */
export async function setReminderDefault(
  deps: DomainDeps,
  userId: number,
  wanted: boolean,
): Promise<void> {
  await deps.db.update(users).set({ remindSavedParties: wanted }).where(eq(users.id, userId));
}
