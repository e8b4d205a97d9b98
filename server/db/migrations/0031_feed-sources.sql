CREATE TYPE "public"."import_source_kind" AS ENUM('ics', 'web_page');--> statement-breakpoint
CREATE TABLE "duplicate_suspects" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"existing_event_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "import_source_kind" NOT NULL,
	"url" text NOT NULL,
	"added_by_id" integer NOT NULL,
	"organizer_id" integer,
	"location_id" integer,
	"default_genre_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_for_review" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_result" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"uid" text NOT NULL,
	"event_id" integer NOT NULL,
	"last_imported" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_suspects" ADD CONSTRAINT "duplicate_suspects_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_suspects" ADD CONSTRAINT "duplicate_suspects_existing_event_id_events_id_fk" FOREIGN KEY ("existing_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_entries" ADD CONSTRAINT "imported_entries_source_id_import_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."import_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_entries" ADD CONSTRAINT "imported_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_suspects_existing_idx" ON "duplicate_suspects" USING btree ("existing_event_id");--> statement-breakpoint
CREATE INDEX "import_sources_next_fetch_idx" ON "import_sources" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE UNIQUE INDEX "imported_entries_source_uid_unique" ON "imported_entries" USING btree ("source_id","uid");--> statement-breakpoint
CREATE INDEX "imported_entries_event_idx" ON "imported_entries" USING btree ("event_id");