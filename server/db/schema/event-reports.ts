import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { events } from "./events.ts";
import { users } from "./users.ts";

/** "Fehler melden" on a party page: what a visitor says is wrong, until an admin resolves it. */
export const eventReports = pgTable(
  "event_reports",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    /** Optional, so the admins can ask back. */
    reporterEmail: text("reporter_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("event_reports_open_idx").on(table.resolvedAt, table.createdAt)],
);
