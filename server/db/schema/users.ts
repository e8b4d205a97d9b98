import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["user", "admin"]);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull().default("user"),
    displayName: text("display_name").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** When the user accepted the terms and the privacy policy (proof for Art. 7 DSGVO). */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Mails about changes to saved parties (decision 0185): on until the user turns them off. */
    changeAlertMails: boolean("change_alert_mails").notNull().default(true),
    /** Whether a newly saved party gets a reminder on its day (decision 0222): off by default. */
    remindSavedParties: boolean("remind_saved_parties").notNull().default(false),
    /** The name and postal address the buyer wants on invoices (optional; decision 0211). */
    billingName: text("billing_name"),
    billingAddress: text("billing_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    index("users_created_at_idx").on(table.createdAt),
  ],
);
