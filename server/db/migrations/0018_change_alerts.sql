CREATE TABLE "party_change_alerts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"pending_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "change_alert_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "party_change_alerts" ADD CONSTRAINT "party_change_alerts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_change_alerts_pending_idx" ON "party_change_alerts" USING btree ("changed_at") WHERE "party_change_alerts"."changed_at" is not null;