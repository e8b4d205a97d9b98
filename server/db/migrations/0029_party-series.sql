CREATE TYPE "public"."series_state" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "event_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"month_week" text,
	"anchor_day" date NOT NULL,
	"until_day" date,
	"template" jsonb NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text,
	"end_days_after" integer DEFAULT 0 NOT NULL,
	"state" "series_state" DEFAULT 'active' NOT NULL,
	"filled_through" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_day" date;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_series_day_idx" ON "events" USING btree ("series_id","series_day") WHERE "events"."series_id" is not null;