ALTER TABLE "newsletter_issues" ADD COLUMN "content" jsonb DEFAULT '{"nights":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "signed_up_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_mail_due_at" timestamp with time zone;