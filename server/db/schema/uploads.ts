import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Every flyer upload, until a clean-up a day later removes the files no event took
 * (`server/domain/uploads/orphaned-flyers.server.ts`).
 */
export const flyerUploads = pgTable(
  "flyer_uploads",
  {
    path: text("path").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("flyer_uploads_uploaded_at_idx").on(table.uploadedAt)],
);
