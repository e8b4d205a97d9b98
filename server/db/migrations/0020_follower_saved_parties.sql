CREATE TABLE "follower_saved_parties" (
	"follower_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "follower_saved_parties_follower_id_event_id_pk" PRIMARY KEY("follower_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "follower_saved_parties" ADD CONSTRAINT "follower_saved_parties_follower_id_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."followers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_saved_parties" ADD CONSTRAINT "follower_saved_parties_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follower_saved_parties_event_idx" ON "follower_saved_parties" USING btree ("event_id");