import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const adPlacement = pgEnum("ad_placement", ["listing", "sidebar", "newsletter"]);
/**
 * An ad's stored state: `draft` until paid, then `awaiting_approval` (when approval is on) or
 * `active` (approved: shown between starts_at and ends_at), `expired` once its period ended and
 * the buyer got the statistics, `rejected` (refunded in full). `awaiting_payment` and
 * `cancelled` are not written any more; they stay in the enum for older rows.
 */
export const adStatus = pgEnum("ad_status", [
  "draft",
  "awaiting_payment",
  "active",
  "expired",
  "cancelled",
  "awaiting_approval",
  "rejected",
]);

export const ads = pgTable(
  "ads",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    imagePath: text("image_path"),
    targetUrl: text("target_url").notNull(),
    placement: adPlacement("placement").notNull().default("listing"),
    status: adStatus("status").notNull().default("draft"),
    /** Booking duration 1–4 weeks (SPEC §9). */
    durationId: integer("duration_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Why an admin rejected the ad (shown to its owner). */
    rejectionReason: text("rejection_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ads_owner_idx").on(table.ownerId),
    index("ads_active_window_idx").on(table.status, table.startsAt, table.endsAt),
  ],
);

export const adViews = pgTable(
  "ad_views",
  {
    id: serial("id").primaryKey(),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ad_views_visitor_day_unique").on(table.adId, table.day, table.visitorHash),
  ],
);

export const adClicks = pgTable(
  "ad_clicks",
  {
    id: serial("id").primaryKey(),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ad_clicks_ad_day_idx").on(table.adId, table.day)],
);
