import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { events } from "./events.ts";
import { users } from "./users.ts";

/** A party a signed-in user keeps on their list ("Merken", decision 0180): once per user. */
export const savedParties = pgTable(
  "saved_parties",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** "Erinnern" (decision 0222): one mail on the party's afternoon. */
    remind: boolean("remind").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.eventId] }),
    index("saved_parties_event_idx").on(table.eventId),
  ],
);

/**
 * The reminders sent (decision 0222): one row per user and party, claimed before the mail goes
 * out, so a party is remembered once — across restarts and instances (at most once).
 */
export const partyReminderMails = pgTable(
  "party_reminder_mails",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId] })],
);

/**
 * The secret address of a user's saved-parties calendar (decision 0182): a long random token,
 * replaced by a new one on request, which makes the old address answer 404.
 */
export const savedPartyFeeds = pgTable("saved_party_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique("saved_party_feeds_token_unique"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
