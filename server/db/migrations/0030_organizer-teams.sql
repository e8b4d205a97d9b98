CREATE TYPE "public"."organizer_member_role" AS ENUM('owner', 'member');--> statement-breakpoint
CREATE TABLE "organizer_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" "organizer_member_role" DEFAULT 'member' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizer_members" ADD COLUMN "role" "organizer_member_role" DEFAULT 'member' NOT NULL;--> statement-breakpoint
-- Everyone who acted for a profile before teams made it (or had it merged into theirs): owners.
UPDATE "organizer_members" SET "role" = 'owner';--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD CONSTRAINT "organizer_invitations_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD CONSTRAINT "organizer_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD CONSTRAINT "organizer_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_invitations_token_unique" ON "organizer_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organizer_invitations_organizer_idx" ON "organizer_invitations" USING btree ("organizer_id");