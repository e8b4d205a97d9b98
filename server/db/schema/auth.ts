import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { newsletterSubscribers } from "./newsletter.ts";
import { users } from "./users.ts";

/** Refresh tokens are stored hashed; a reused one revokes its whole family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    familyId: uuid("family_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("refresh_tokens_hash_unique").on(table.tokenHash),
    index("refresh_tokens_family_idx").on(table.familyId),
    index("refresh_tokens_user_idx").on(table.userId),
  ],
);

export const oneTimeTokenPurpose = pgEnum("one_time_token_purpose", [
  "email_confirmation",
  "email_change",
  "email_change_undo",
  "password_reset",
  "newsletter_confirmation",
  "newsletter_unsubscribe",
  "admin_setup",
]);

export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: serial("id").primaryKey(),
    purpose: oneTimeTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").references(() => newsletterSubscribers.id, {
      onDelete: "cascade",
    }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("one_time_tokens_hash_unique").on(table.tokenHash),
    index("one_time_tokens_user_idx").on(table.userId, table.purpose),
  ],
);
