import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { NavigationItem } from "#common/schemas/navigation.ts";

/** Editable pages: Impressum, Datenschutzerklärung, FAQ and the like. */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Markdown. */
    body: text("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("pages_slug_unique").on(table.slug)],
);

export type { NavigationItem };

export const navigationMenus = pgTable(
  "navigation_menus",
  {
    id: serial("id").primaryKey(),
    /** "main" or "footer". */
    key: text("key").notNull(),
    items: jsonb("items").$type<NavigationItem[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("navigation_menus_key_unique").on(table.key)],
);

export const redirects = pgTable(
  "redirects",
  {
    id: serial("id").primaryKey(),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    statusCode: integer("status_code").notNull().default(301),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("redirects_from_path_unique").on(table.fromPath)],
);
