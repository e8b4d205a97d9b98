import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters every process of the box shares when REDIS_URL is unset (decision 0110): request
 * rates per address, password failures per account, mails per recipient. A row counts until
 * `expires_at`; the next hit after that starts again at 1. Expired rows are swept hourly.
 */
export const sharedCounters = pgTable(
  "shared_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("shared_counters_expires_at_idx").on(table.expiresAt)],
);
