import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/**
 * The demo data's pictures still to draw (decision 0204): a first start seeds clubs and parties
 * without pictures and these rows with their drawings; the site draws them once it answers and
 * deletes each row with the picture it gave, so a stop in between leaves the rest for the next
 * start. Empty on every site that did not seed the demo data, and soon after on those that did.
 */
export const pendingDemoPictures = pgTable("pending_demo_pictures", {
  id: serial("id").primaryKey(),
  /** "club" (a location's picture) or "party" (an event's flyer). */
  kind: text("kind", { enum: ["club", "party"] }).notNull(),
  /** The location's or the event's id (no foreign key: a deleted one is simply skipped). */
  targetId: integer("target_id").notNull(),
  /** The SVG poster to render. */
  svg: text("svg").notNull(),
});
