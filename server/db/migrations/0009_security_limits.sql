ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'email_change_undo' BEFORE 'password_reset';--> statement-breakpoint
CREATE TABLE "flyer_uploads" (
	"path" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flyer_uploads" ADD CONSTRAINT "flyer_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flyer_uploads_uploaded_at_idx" ON "flyer_uploads" USING btree ("uploaded_at");