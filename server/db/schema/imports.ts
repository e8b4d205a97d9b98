import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { locations, organizers } from "./catalog.ts";
import { events } from "./events.ts";
import { users } from "./users.ts";

/** What a source's address serves: an iCalendar feed, or a web page with schema.org `Event`s. */
export const importSourceKind = pgEnum("import_source_kind", ["ics", "web_page"]);

/**
 * A calendar the scheduler keeps parties in step with (decision 0233): an organiser's for their
 * profile, or one an admin added for a club. `addedById` is who the parties belong to (their
 * creator, the uploader of their flyers).
 */
export const importSources = pgTable(
  "import_sources",
  {
    id: serial("id").primaryKey(),
    kind: importSourceKind("kind").notNull(),
    url: text("url").notNull(),
    addedById: integer("added_by_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organiser every imported party names; null: none. */
    organizerId: integer("organizer_id").references(() => organizers.id, { onDelete: "set null" }),
    /** The club of entries that name no place (an admin's source for a club). */
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    defaultGenreIds: jsonb("default_genre_ids").$type<number[]>().notNull().default([]),
    /** New parties of this source wait in the moderation queue. */
    holdForReview: boolean("hold_for_review").notNull().default(false),
    etag: text("etag"),
    lastModified: text("last_modified"),
    nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }).notNull().defaultNow(),
    /** Failed fetches in a row: the back-off grows with them. */
    failures: integer("failures").notNull().default(0),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    /** The last run's outcome in German ("3 neu, 1 geändert …"), or its error. */
    lastResult: text("last_result"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("import_sources_next_fetch_idx").on(table.nextFetchAt)],
);

/** The values of a party as a source last delivered them: what the organiser has not changed. */
export interface ImportedValues {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  locationId: number | null;
  venueName: string | null;
  venueAddress: string | null;
  ticketUrl: string | null;
  imageUrl: string | null;
  /** The flyer made from `imageUrl`. */
  flyerPath: string | null;
}

/** Which party an entry of a source (its UID, or its UID and occurrence) became. */
export const importedEntries = pgTable(
  "imported_entries",
  {
    id: serial("id").primaryKey(),
    sourceId: integer("source_id")
      .notNull()
      .references(() => importSources.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    lastImported: jsonb("last_imported").$type<ImportedValues>().notNull(),
  },
  (table) => [
    uniqueIndex("imported_entries_source_uid_unique").on(table.sourceId, table.uid),
    index("imported_entries_event_idx").on(table.eventId),
  ],
);

/**
 * "Ist das dieselbe Party?" (decision 0234): a new party (imported or typed) held because the same
 * club has a party with a similar title that night; an admin decides.
 */
export const duplicateSuspects = pgTable(
  "duplicate_suspects",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    existingEventId: integer("existing_event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("duplicate_suspects_existing_idx").on(table.existingEventId)],
);
