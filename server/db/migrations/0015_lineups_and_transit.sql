CREATE TABLE "artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lineup_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "transit_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artists_slug_unique" ON "artists" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "lineup_entries_event_idx" ON "lineup_entries" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "lineup_entries_artist_idx" ON "lineup_entries" USING btree ("artist_id");--> statement-breakpoint
CREATE TRIGGER "artists_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artists" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER "lineup_entries_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lineup_entries" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
