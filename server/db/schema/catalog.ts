import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
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
import type { DoorFacts } from "#common/schemas/door-facts.ts";
import { users } from "./users.ts";

/** Clubs and other venues ("locations" in the API). */
export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /**
     * Where a party is, as German says it, with the club's own article and preposition ("in der
     * Halle Neun", "auf der Wiese am Auensee"); empty: "im {name}" (decision 0124).
     */
    placePhrase: text("place_phrase").notNull().default(""),
    address: text("address").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    city: text("city").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    description: text("description").notNull().default(""),
    website: text("website"),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /** "Letzte Bahn / Nachtbus": how to get home, kept by organisers and admins. */
    transitNote: text("transit_note").notNull().default(""),
    /** "Einlass & Awareness": the defaults of its parties; absent keys are not stated (0220). */
    doorFacts: jsonb("door_facts").$type<DoorFacts>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("locations_slug_unique").on(table.slug),
    index("locations_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
  ],
);

export const organizers = pgTable(
  "organizers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    website: text("website"),
    instagram: text("instagram"),
    tiktok: text("tiktok"),
    facebook: text("facebook"),
    logoPath: text("logo_path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("organizers_slug_unique").on(table.slug),
    index("organizers_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
  ],
);

/**
 * A team role (decision 0232): members edit the profile's parties; owners also invite and
 * remove members and book paid promotion for its parties.
 */
export const organizerMemberRole = pgEnum("organizer_member_role", ["owner", "member"]);

/** Which users may act for an organiser: its team. */
export const organizerMembers = pgTable(
  "organizer_members",
  {
    organizerId: integer("organizer_id")
      .notNull()
      .references(() => organizers.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: organizerMemberRole("role").notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizerId, table.userId] }),
    index("organizer_members_user_idx").on(table.userId),
  ],
);

/**
 * An owner's invitation into an organiser's team, mailed as a link: bound to the invited
 * address, valid seven days and once (decision 0232). The token is stored hashed.
 */
export const organizerInvitations = pgTable(
  "organizer_invitations",
  {
    id: serial("id").primaryKey(),
    organizerId: integer("organizer_id")
      .notNull()
      .references(() => organizers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: organizerMemberRole("role").notNull().default("member"),
    tokenHash: text("token_hash").notNull(),
    invitedById: integer("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedById: integer("accepted_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("organizer_invitations_token_unique").on(table.tokenHash),
    index("organizer_invitations_organizer_idx").on(table.organizerId),
  ],
);

export const genreCategories = pgTable(
  "genre_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("genre_categories_slug_unique").on(table.slug)],
);

export const genres = pgTable(
  "genres",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => genreCategories.id, { onDelete: "restrict" }),
    /** Main genres are offered as chips in the event form; the rest sit in the overlay. */
    isMain: boolean("is_main").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("genres_slug_unique").on(table.slug),
    index("genres_category_idx").on(table.categoryId),
  ],
);
