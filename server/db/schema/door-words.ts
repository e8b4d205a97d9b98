import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { DoorWordPreset } from "#common/schemas/door-words.ts";
import { events } from "./events.ts";
import { users } from "./users.ts";

/**
 * A word from the door (decision 0221): a status the party's team posts during its night —
 * a preset and an optional short note. Shown while the party night it was posted in lasts; an
 * admin's removal deletes the row (the audit log keeps what it said).
 */
export const doorWords = pgTable(
  "door_words",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Which preset (`doorWordPresets`); its German words live in common/schemas/door-words.ts. */
    preset: text("preset").$type<DoorWordPreset>().notNull(),
    /** Plain text, at most DOOR_WORD_NOTE_MAX characters; null when none was added. */
    note: text("note"),
    postedById: integer("posted_by_id").references(() => users.id, { onDelete: "set null" }),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("door_words_event_idx").on(table.eventId, table.postedAt)],
);
