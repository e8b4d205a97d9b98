import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { genres, locations, organizers } from "./catalog.ts";
import type { DoorFacts } from "#common/schemas/door-facts.ts";
import { users } from "./users.ts";

export const eventStatus = pgEnum("event_status", [
  "draft",
  "pending",
  "published",
  "cancelled",
  "rejected",
]);

export const seriesState = pgEnum("series_state", ["active", "paused", "ended"]);

/**
 * A party that repeats (decision 0230): the rule, the template its parties are created from, and
 * how far they have been created. Each party of it is a normal row of `events`.
 */
export const eventSeries = pgTable("event_series", {
  id: serial("id").primaryKey(),
  /** The organiser who created it: the parties are created in their name. */
  createdById: integer("created_by_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** "weekly", "biweekly" or "monthly" (common/series-rule.ts). */
  frequency: text("frequency").notNull(),
  /** For "monthly": "1" … "4" or "last". */
  monthWeek: text("month_week"),
  /** The first party's day; its weekday is the series' weekday. */
  anchorDay: date("anchor_day", { mode: "string" }).notNull(),
  /** The last day a party may fall on; null: open-ended. */
  untilDay: date("until_day", { mode: "string" }),
  /** The event form's values for each new party, without its start and end. */
  template: jsonb("template").$type<Record<string, unknown>>().notNull(),
  /** Wall-clock start "23:00" in the city, and the end as days after the start day and time. */
  startTime: text("start_time").notNull(),
  endTime: text("end_time"),
  endDaysAfter: integer("end_days_after").notNull().default(0),
  state: seriesState("state").notNull().default("active"),
  /** Parties exist (or were skipped) through this day; the scheduler creates only later ones. */
  filledThrough: date("filled_through", { mode: "string" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** A club from the directory, or else the free address below. */
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    venueName: text("venue_name"),
    venueAddress: text("venue_address"),
    priceText: text("price_text"),
    priceMinCents: integer("price_min_cents"),
    priceMaxCents: integer("price_max_cents"),
    /** The party's minimum age; null: the club's default (`door_facts.minAge`, decision 0220). */
    ageLimit: integer("age_limit"),
    /** "Einlass & Awareness": what the party states differently from its club (decision 0220). */
    doorFacts: jsonb("door_facts").$type<DoorFacts>().notNull().default({}),
    ticketUrl: text("ticket_url"),
    flyerPath: text("flyer_path"),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    isOnline: boolean("is_online").notNull().default(false),
    status: eventStatus("status").notNull().default("draft"),
    /**
     * Goes up by one when the party's time, place, line-up or cancellation changes (decision
     * 0184): the SEQUENCE of its calendar entries (RFC 5545 §3.8.7.4).
     */
    revision: integer("revision").notNull().default(0),
    topUntil: timestamp("top_until", { withTimezone: true }),
    /**
     * "Veröffentlichen am" (decision 0236): a draft the scheduler publishes at this time; null
     * once published, or for a draft without a time.
     */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** The secret of the team's preview link `/party/vorschau/<token>` (decision 0236). */
    previewToken: text("preview_token").unique(),
    /** The series it was created for, and the day the series' rule gave it (decision 0230). */
    seriesId: integer("series_id").references(() => eventSeries.id, { onDelete: "set null" }),
    seriesDay: date("series_day", { mode: "string" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("events_status_starts_at_idx").on(table.status, table.startsAt),
    index("events_location_starts_at_idx").on(table.locationId, table.startsAt),
    index("events_creator_starts_at_idx").on(table.createdById, table.startsAt),
    index("events_series_day_idx")
      .on(table.seriesId, table.seriesDay)
      .where(sql`${table.seriesId} is not null`),
    index("events_publish_at_idx")
      .on(table.publishAt)
      .where(sql`${table.publishAt} is not null`),
    index("events_top_until_idx")
      .on(table.topUntil)
      .where(sql`${table.topUntil} is not null`),
    index("events_title_trgm_idx").using("gin", sql`${table.title} gin_trgm_ops`),
    index("events_fulltext_idx").using(
      "gin",
      sql`to_tsvector('german', ${table.title} || ' ' || ${table.description})`,
    ),
  ],
);

export const eventOrganizers = pgTable(
  "event_organizers",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    organizerId: integer("organizer_id")
      .notNull()
      .references(() => organizers.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.organizerId] }),
    index("event_organizers_organizer_idx").on(table.organizerId),
  ],
);

export const eventGenres = pgTable(
  "event_genres",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    genreId: integer("genre_id")
      .notNull()
      .references(() => genres.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.genreId] }),
    index("event_genres_genre_idx").on(table.genreId),
  ],
);

/** One row per visitor and day; the visitor is a salted hash, never an IP. */
export const eventViews = pgTable(
  "event_views",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("event_views_visitor_day_unique").on(table.eventId, table.day, table.visitorHash),
  ],
);

/** What a top event's buyer gets back besides page views (decision 0064). */
export const topEventCountKind = pgEnum("top_event_count_kind", ["impression", "click"]);

/**
 * A top event's card seen in a listing (`impression`) or followed to the party page (`click`):
 * one row per visitor, day and kind, counted only while the event is top.
 */
export const topEventCounts = pgTable(
  "top_event_counts",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: topEventCountKind("kind").notNull(),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("top_event_counts_visitor_day_unique").on(
      table.eventId,
      table.kind,
      table.day,
      table.visitorHash,
    ),
  ],
);
