import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { events } from "./events.ts";
import { users } from "./users.ts";

/** What one can follow (decision 0186). */
export const followKind = pgEnum("follow_kind", ["club", "organizer", "genre", "artist"]);

/**
 * A browser (or account) that opted into a channel for its follows ("Folgen", decision 0186).
 * It exists only once the visitor asks for push, "Für Dich" or the feed; the browser keeps the
 * random secret, the server only its SHA-256.
 */
export const followers = pgTable(
  "followers",
  {
    id: serial("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    /** Set when a signed-in browser synced: the account's follows then live here. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The secret address of the follows' calendar feed, once asked for (decision 0186). */
    feedToken: text("feed_token"),
    /** "Live-Updates von der Tür" (decision 0221): words from the door by push; off by default. */
    liveUpdates: boolean("live_updates").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("followers_secret_hash_unique").on(table.secretHash),
    uniqueIndex("followers_feed_token_unique").on(table.feedToken),
    index("followers_user_idx").on(table.userId),
  ],
);

/** One follow: a club, organiser, genre or artist, once per follower. */
export const follows = pgTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => followers.id, { onDelete: "cascade" }),
    kind: followKind("kind").notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.kind, table.targetId] }),
    index("follows_target_idx").on(table.kind, table.targetId),
  ],
);

/** A browser's Web Push subscription (decision 0187); a 404/410 from its push service deletes it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    followerId: integer("follower_id")
      .notNull()
      .references(() => followers.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(table.endpoint),
    index("push_subscriptions_follower_idx").on(table.followerId),
  ],
);

/**
 * The parties a follower's browser saved (its `gemerkt` list, ids only; decision 0189), replaced
 * on each sync, so change alerts reach it by push. Only browsers that opted into a channel send it.
 * `remind`: "Erinnern" for the party, one push on its afternoon (decision 0224).
 */
export const followerSavedParties = pgTable(
  "follower_saved_parties",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => followers.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    remind: boolean("remind").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.eventId] }),
    index("follower_saved_parties_event_idx").on(table.eventId),
  ],
);

export const pushNoticeStatus = pgEnum("push_notice_status", ["pending", "claimed", "sent"]);

/**
 * The outbox of party alerts (decision 0187): one row per follower and party, so a party is
 * announced to a follower once; claimed before its pushes go out, never sent twice.
 */
export const pushNotices = pgTable(
  "push_notices",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => followers.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** What kind of notice (a new party; change alerts may add their own). */
    topic: text("topic").notNull().default("new-party"),
    /** The notification as shown: plain text (never HTML) and a path on this site. */
    title: text("title").notNull(),
    body: text("body").notNull(),
    path: text("path").notNull(),
    status: pushNoticeStatus("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.eventId, table.topic] }),
    index("push_notices_status_idx").on(table.status, table.createdAt),
  ],
);
