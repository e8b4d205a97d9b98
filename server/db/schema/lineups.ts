import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { events } from "./events.ts";

/** An artist (DJ, live act): one row per slug, shared by every party that books them. */
export const artists = pgTable(
  "artists",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("artists_slug_unique").on(table.slug)],
);

/** One set of a party's line-up: an artist on a floor, with optional set times. */
export const lineupEntries = pgTable(
  "lineup_entries",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    artistId: integer("artist_id")
      .notNull()
      .references(() => artists.id, { onDelete: "cascade" }),
    floor: text("floor").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    index("lineup_entries_event_idx").on(table.eventId, table.position),
    index("lineup_entries_artist_idx").on(table.artistId),
  ],
);
