ALTER TABLE "events" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "preview_token" text;--> statement-breakpoint
CREATE INDEX "events_publish_at_idx" ON "events" USING btree ("publish_at") WHERE "events"."publish_at" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_preview_token_unique" UNIQUE("preview_token");