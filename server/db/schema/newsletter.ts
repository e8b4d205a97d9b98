import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { followers } from "./follows.ts";

export const subscriberStatus = pgEnum("subscriber_status", [
  "pending",
  "confirmed",
  "unsubscribed",
]);

/** Proof of consent (Art. 7 DSGVO): what was agreed to, when, from where and how. */
export interface ConsentProof {
  signedUpAt: string;
  ip: string | null;
  userAgent: string | null;
  form: string;
  wordingVersion: string;
  confirmedAt?: string;
  confirmIp?: string | null;
}

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    status: subscriberStatus("status").notNull().default("pending"),
    consent: jsonb("consent").$type<ConsentProof>().notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    lastConfirmationMailAt: timestamp("last_confirmation_mail_at", { withTimezone: true }),
    /** The latest sign-up; an unconfirmed one is deleted 30 days after it. */
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a confirmation mail is owed but not yet handed to the mail server. */
    confirmationMailDueAt: timestamp("confirmation_mail_due_at", { withTimezone: true }),
    /** The follows whose parties the issue lists under "Für Dich" (decision 0188). */
    followerId: integer("follower_id").references(() => followers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email_lower_unique").on(sql`lower(${table.email})`),
    index("newsletter_subscribers_status_idx").on(table.status, table.createdAt),
  ],
);

/** One event as an issue lists it, frozen when the issue is built. */
export interface NewsletterIssueEvent {
  id: number;
  title: string;
  /** Absolute URL of the party page. */
  url: string;
  startsAt: string;
  club: string;
  /** Absolute URL of the flyer, if there is one. */
  flyerUrl: string | null;
  isTop: boolean;
  cancelled: boolean;
  genres: string[];
}

/**
 * What an issue lists: the weekend's top events (the "Top-Events" block at the top; absent in
 * issues built before the block existed), then the weekend's nights in order, each with its
 * events, top events first.
 */
export interface NewsletterIssueContent {
  topEvents?: NewsletterIssueEvent[];
  nights: { night: string; events: NewsletterIssueEvent[]; moreCount: number }[];
}

export const newsletterIssueStatus = pgEnum("newsletter_issue_status", [
  "building",
  "sending",
  "sent",
  "empty",
]);

export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: serial("id").primaryKey(),
    /** The Friday whose weekend the issue lists; one issue per weekend. */
    weekendStart: date("weekend_start").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    content: jsonb("content")
      .$type<NewsletterIssueContent>()
      .notNull()
      .default(sql`'{"nights":[]}'::jsonb`),
    status: newsletterIssueStatus("status").notNull().default("building"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("newsletter_issues_weekend_unique").on(table.weekendStart)],
);

export const newsletterSendStatus = pgEnum("newsletter_send_status", [
  "pending",
  "claimed",
  "sent",
  "failed",
]);

export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: serial("id").primaryKey(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: newsletterSendStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    uniqueIndex("newsletter_sends_issue_subscriber_unique").on(table.issueId, table.subscriberId),
    index("newsletter_sends_issue_status_idx").on(table.issueId, table.status),
  ],
);
