import { bigint, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * One row whose `version` goes up whenever data shown on public pages changes (statement
 * triggers on the catalogue tables, migration 0002). Page and listing caches compare it to
 * know when to drop what they hold, on every instance alike.
 */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});
