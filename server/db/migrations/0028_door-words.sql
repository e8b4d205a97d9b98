CREATE TABLE "door_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"preset" text NOT NULL,
	"note" text,
	"posted_by_id" integer,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "followers" ADD COLUMN "live_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "door_words" ADD CONSTRAINT "door_words_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_words" ADD CONSTRAINT "door_words_posted_by_id_users_id_fk" FOREIGN KEY ("posted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_words_event_idx" ON "door_words" USING btree ("event_id","posted_at");--> statement-breakpoint
-- Words from the door show on the party page and in "Jetzt": a new or removed one moves the
-- content version, so kept pages are dropped (decisions 0012, 0170, 0221).
CREATE TRIGGER "door_words_inserted_bump_content_version" AFTER INSERT ON "door_words" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "door_words_updated_bump_content_version" AFTER UPDATE ON "door_words" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "door_words_deleted_bump_content_version" AFTER DELETE ON "door_words" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "door_words_truncated_bump_content_version" AFTER TRUNCATE ON "door_words" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
