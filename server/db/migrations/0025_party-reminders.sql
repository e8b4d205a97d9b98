CREATE TABLE "party_reminder_mails" (
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "party_reminder_mails_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "saved_parties" ADD COLUMN "remind" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remind_saved_parties" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "party_reminder_mails" ADD CONSTRAINT "party_reminder_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_reminder_mails" ADD CONSTRAINT "party_reminder_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;