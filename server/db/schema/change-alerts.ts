import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { events } from "./events.ts";

/** What changed about a party, as its change alert names it (decision 0185). */
export type PartyChangeKind = "time" | "place" | "lineup" | "cancelled";

/**
 * The change alert of one party (decision 0185): the kinds of change not yet told to those who
 * saved it, since `changedAt`; `sentAt` is when the last alert was claimed for sending — the next
 * one waits at least an hour after it.
 */
export const partyChangeAlerts = pgTable(
  "party_change_alerts",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    pendingKinds: jsonb("pending_kinds").$type<PartyChangeKind[]>().notNull().default([]),
    /** The first change not yet told; null when nothing is pending. */
    changedAt: timestamp("changed_at", { withTimezone: true }),
    /** The latest change not yet told: the alert waits until the edits have settled. */
    lastChangedAt: timestamp("last_changed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("party_change_alerts_pending_idx")
      .on(table.changedAt)
      .where(sql`${table.changedAt} is not null`),
  ],
);
