import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { formatTime, partyNightBounds, partyNightEnd, partyNightOf } from "#common/dates.ts";
import { countOf, nouns } from "#common/plural.ts";
import {
  doorWordMessages,
  doorWordSchema,
  doorWordText,
  type DoorWordPreset,
} from "#common/schemas/door-words.ts";
import { doorWords } from "#server/db/schema/door-words.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, PermissionDeniedError, QuotaExceededError } from "#server/domain/errors.ts";
import { loadManagedEvent, type EventRow } from "#server/domain/events/event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { announceDoorWord } from "./door-word-pushes.server.ts";

/**
 * Words from the door (decision 0221): during its party night, the people who may manage a party
 * post its door status — a preset and an optional note — a few times an hour at most. A word
 * shows while the party night it was posted in lasts (until 06:00), on the party page, in
 * "Jetzt", in the API, and goes by push to browsers that switched live updates on.
 */

/** Words one party may get per hour (in the counters every process shares). */
export const DOOR_WORDS_PER_HOUR = 4;
const HOUR_MS = 3_600_000;
/** The party page shows at most this many of tonight's words, the newest first. */
const SHOWN_PER_PARTY = 6;

export interface DoorWord {
  id: number;
  eventId: number;
  preset: DoorWordPreset;
  note: string | null;
  /** The preset's words and the note: "Einlassstopp – Bitte Tickets bereithalten". */
  text: string;
  postedAt: Date;
  /** "01:30 Uhr", in the city's time. */
  time: string;
}

type DoorWordRow = typeof doorWords.$inferSelect;

function toDoorWord(deps: DomainDeps, row: DoorWordRow): DoorWord {
  return {
    id: row.id,
    eventId: row.eventId,
    preset: row.preset,
    note: row.note,
    text: doorWordText(row),
    postedAt: row.postedAt,
    time: `${formatTime(row.postedAt, deps.config.city.timeZone)} Uhr`,
  };
}

export const doorWordQuotaMessage = (retryAfterSeconds: number) =>
  `Für diese Party gingen in der letzten Stunde schon ${countOf(DOOR_WORDS_PER_HOUR, nouns.doorWord)} raus. Die nächste geht in ${countOf(Math.max(1, Math.ceil(retryAfterSeconds / 60)), nouns.minute)}.`;

/**
 * Why the party takes no words from the door now, or null when it does: it must be published
 * (not a draft, not cancelled), its night must be tonight and it must not be over (its end, or
 * 06:00 after its start without one).
 */
export function doorWordRefusal(
  deps: DomainDeps,
  event: Pick<EventRow, "status" | "startsAt" | "endsAt">,
): string | null {
  if (event.status !== "published") return doorWordMessages.notPublic;
  const now = deps.now();
  const timeZone = deps.config.city.timeZone;
  const over = now >= (event.endsAt ?? partyNightEnd(event.startsAt, timeZone));
  if (over || partyNightOf(event.startsAt, timeZone) !== partyNightOf(now, timeZone)) {
    return doorWordMessages.notTonight;
  }
  return null;
}

/** Takes one of the party's words this hour; over it QuotaExceededError (429) with the wait. */
async function takeDoorWordAllowance(deps: DomainDeps, eventId: number) {
  const now = deps.now();
  const taken = await deps.counters.increment(`door-words:e${eventId}`, {
    windowMs: HOUR_MS,
    now,
    slide: false,
  });
  if (taken.count <= DOOR_WORDS_PER_HOUR) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((taken.expiresAt.getTime() - now.getTime()) / 1000),
  );
  throw new QuotaExceededError(doorWordQuotaMessage(retryAfterSeconds), retryAfterSeconds);
}

/**
 * Posts a word from the door for party `eventId`: someone who may manage the party
 * (`loadManagedEvent`, else 403/404 and an audit entry), during its night, within the party's
 * hourly allowance (counted only once all else holds, so a stranger cannot use it up). Written
 * to the audit log; queued for the live-update followers' browsers and sent in the background.
 */
export async function postDoorWord(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  input: unknown,
): Promise<DoorWord> {
  const event = await loadManagedEvent(deps, actor, eventId, "door_word");
  const values = parseInput(doorWordSchema, input);
  const refusal = doorWordRefusal(deps, event);
  if (refusal) throw new PermissionDeniedError(refusal);
  await takeDoorWordAllowance(deps, eventId);
  const [row] = await deps.db
    .insert(doorWords)
    .values({
      eventId,
      preset: values.preset,
      note: values.note ? values.note : null,
      postedById: actor.id,
      postedAt: deps.now(),
    })
    .returning();
  const word = toDoorWord(deps, row!);
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "door_word.posted",
    entityType: "event",
    entityId: eventId,
    details: { doorWordId: word.id, preset: word.preset, note: word.note },
    ip: actor.ip ?? null,
  });
  await announceDoorWord(deps, event, word);
  return word;
}

/**
 * An admin removes a word of party `eventId` (an abusive or wrong one): the row goes, the audit
 * log keeps what it said. Anyone else: 403, written to the audit log too.
 */
export async function removeDoorWord(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  doorWordId: number,
): Promise<void> {
  if (actor.role !== "admin") {
    await recordAudit(deps, {
      actorUserId: actor.id,
      action: "door_word.remove.denied",
      entityType: "event",
      entityId: eventId,
      details: { doorWordId },
      ip: actor.ip ?? null,
    });
    throw new PermissionDeniedError("Nur Admins können Meldungen von der Tür entfernen.");
  }
  const [removed] = await deps.db
    .delete(doorWords)
    .where(and(eq(doorWords.id, doorWordId), eq(doorWords.eventId, eventId)))
    .returning();
  if (!removed) throw new NotFoundError(doorWordMessages.unknownWord);
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "door_word.removed",
    entityType: "event",
    entityId: eventId,
    details: {
      doorWordId,
      preset: removed.preset,
      note: removed.note,
      postedById: removed.postedById,
      postedAt: removed.postedAt.toISOString(),
    },
    ip: actor.ip ?? null,
  });
}

/** The words of the parties posted in the party night `now` falls in, newest first, by party. */
export async function liveDoorWordsOf(
  deps: DomainDeps,
  eventIds: number[],
  now: Date = deps.now(),
): Promise<Map<number, DoorWord[]>> {
  const byParty = new Map<number, DoorWord[]>();
  if (eventIds.length === 0) return byParty;
  const timeZone = deps.config.city.timeZone;
  const night = partyNightBounds(partyNightOf(now, timeZone), timeZone);
  const rows = await deps.db
    .select()
    .from(doorWords)
    .where(
      and(
        inArray(doorWords.eventId, eventIds),
        gte(doorWords.postedAt, night.start),
        lt(doorWords.postedAt, night.end),
      ),
    )
    .orderBy(desc(doorWords.postedAt), desc(doorWords.id));
  for (const row of rows) {
    const words = byParty.get(row.eventId) ?? [];
    if (words.length < SHOWN_PER_PARTY) words.push(toDoorWord(deps, row));
    byParty.set(row.eventId, words);
  }
  return byParty;
}

/** Tonight's words of one party, newest first (none once its night is over). */
export async function liveDoorWordsOfParty(deps: DomainDeps, eventId: number): Promise<DoorWord[]> {
  return (await liveDoorWordsOf(deps, [eventId])).get(eventId) ?? [];
}

/**
 * The party's latest word from the door in the party night `now` falls in, or null: for
 * "Jetzt" and for other messages about the night (a reminder may carry it).
 */
export async function latestDoorWordOf(
  deps: DomainDeps,
  eventId: number,
  now: Date = deps.now(),
): Promise<DoorWord | null> {
  return (await liveDoorWordsOf(deps, [eventId], now)).get(eventId)?.[0] ?? null;
}

/**
 * The poster's page: the party (who may manage it, else 403/404 as for a post), why it takes no
 * words now (or null), tonight's words, and whether the actor may remove them (admins).
 */
export async function doorWordDesk(deps: DomainDeps, actor: Actor, eventId: number) {
  const event = await loadManagedEvent(deps, actor, eventId, "door_word");
  return {
    event,
    refusal: doorWordRefusal(deps, event),
    words: await liveDoorWordsOfParty(deps, eventId),
    mayRemove: actor.role === "admin",
  };
}
