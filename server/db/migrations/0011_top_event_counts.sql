CREATE TYPE "public"."top_event_count_kind" AS ENUM('impression', 'click');--> statement-breakpoint
CREATE TABLE "top_event_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" "top_event_count_kind" NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "top_event_counts" ADD CONSTRAINT "top_event_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "top_event_counts_visitor_day_unique" ON "top_event_counts" USING btree ("event_id","kind","day","visitor_hash");