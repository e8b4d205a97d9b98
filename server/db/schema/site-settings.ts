import { integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The settings an operator edits in the browser (server/domain/settings/): one row, the values
 * as JSON validated by `siteSettingsSchema`; what is not stored falls back to the environment's
 * first-start defaults. Changing it bumps the content version (public pages show some of it).
 */
export const siteSettings = pgTable("site_settings", {
  id: integer("id").primaryKey().default(1),
  values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
  updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
