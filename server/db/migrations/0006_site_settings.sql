CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One row only; public pages show some settings, so a change bumps the content version.
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_single_row" CHECK ("id" = 1);
--> statement-breakpoint
CREATE TRIGGER "site_settings_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
