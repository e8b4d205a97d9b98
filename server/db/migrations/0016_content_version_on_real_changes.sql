-- The content version moves only when a statement really changed rows (decision 0170): a job's
-- UPDATE that matches nothing (ads whose period ended, every minute) no longer drops every kept
-- page. Statement triggers with transition tables, one per operation; TRUNCATE always counts.
CREATE OR REPLACE FUNCTION bump_content_version_if_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE "content_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "events_bump_content_version" ON "events";
--> statement-breakpoint
CREATE TRIGGER "events_inserted_bump_content_version" AFTER INSERT ON "events" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "events_updated_bump_content_version" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "events_deleted_bump_content_version" AFTER DELETE ON "events" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "events_truncated_bump_content_version" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "event_genres_bump_content_version" ON "event_genres";
--> statement-breakpoint
CREATE TRIGGER "event_genres_inserted_bump_content_version" AFTER INSERT ON "event_genres" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "event_genres_updated_bump_content_version" AFTER UPDATE ON "event_genres" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "event_genres_deleted_bump_content_version" AFTER DELETE ON "event_genres" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "event_genres_truncated_bump_content_version" AFTER TRUNCATE ON "event_genres" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "event_organizers_bump_content_version" ON "event_organizers";
--> statement-breakpoint
CREATE TRIGGER "event_organizers_inserted_bump_content_version" AFTER INSERT ON "event_organizers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "event_organizers_updated_bump_content_version" AFTER UPDATE ON "event_organizers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "event_organizers_deleted_bump_content_version" AFTER DELETE ON "event_organizers" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "event_organizers_truncated_bump_content_version" AFTER TRUNCATE ON "event_organizers" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "locations_bump_content_version" ON "locations";
--> statement-breakpoint
CREATE TRIGGER "locations_inserted_bump_content_version" AFTER INSERT ON "locations" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "locations_updated_bump_content_version" AFTER UPDATE ON "locations" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "locations_deleted_bump_content_version" AFTER DELETE ON "locations" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "locations_truncated_bump_content_version" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "organizers_bump_content_version" ON "organizers";
--> statement-breakpoint
CREATE TRIGGER "organizers_inserted_bump_content_version" AFTER INSERT ON "organizers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "organizers_updated_bump_content_version" AFTER UPDATE ON "organizers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "organizers_deleted_bump_content_version" AFTER DELETE ON "organizers" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "organizers_truncated_bump_content_version" AFTER TRUNCATE ON "organizers" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "genres_bump_content_version" ON "genres";
--> statement-breakpoint
CREATE TRIGGER "genres_inserted_bump_content_version" AFTER INSERT ON "genres" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "genres_updated_bump_content_version" AFTER UPDATE ON "genres" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "genres_deleted_bump_content_version" AFTER DELETE ON "genres" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "genres_truncated_bump_content_version" AFTER TRUNCATE ON "genres" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "genre_categories_bump_content_version" ON "genre_categories";
--> statement-breakpoint
CREATE TRIGGER "genre_categories_inserted_bump_content_version" AFTER INSERT ON "genre_categories" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "genre_categories_updated_bump_content_version" AFTER UPDATE ON "genre_categories" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "genre_categories_deleted_bump_content_version" AFTER DELETE ON "genre_categories" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "genre_categories_truncated_bump_content_version" AFTER TRUNCATE ON "genre_categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "ads_bump_content_version" ON "ads";
--> statement-breakpoint
CREATE TRIGGER "ads_inserted_bump_content_version" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "ads_updated_bump_content_version" AFTER UPDATE ON "ads" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "ads_deleted_bump_content_version" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "ads_truncated_bump_content_version" AFTER TRUNCATE ON "ads" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "pages_bump_content_version" ON "pages";
--> statement-breakpoint
CREATE TRIGGER "pages_inserted_bump_content_version" AFTER INSERT ON "pages" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "pages_updated_bump_content_version" AFTER UPDATE ON "pages" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "pages_deleted_bump_content_version" AFTER DELETE ON "pages" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "pages_truncated_bump_content_version" AFTER TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "navigation_menus_bump_content_version" ON "navigation_menus";
--> statement-breakpoint
CREATE TRIGGER "navigation_menus_inserted_bump_content_version" AFTER INSERT ON "navigation_menus" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "navigation_menus_updated_bump_content_version" AFTER UPDATE ON "navigation_menus" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "navigation_menus_deleted_bump_content_version" AFTER DELETE ON "navigation_menus" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "navigation_menus_truncated_bump_content_version" AFTER TRUNCATE ON "navigation_menus" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "redirects_bump_content_version" ON "redirects";
--> statement-breakpoint
CREATE TRIGGER "redirects_inserted_bump_content_version" AFTER INSERT ON "redirects" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "redirects_updated_bump_content_version" AFTER UPDATE ON "redirects" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "redirects_deleted_bump_content_version" AFTER DELETE ON "redirects" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "redirects_truncated_bump_content_version" AFTER TRUNCATE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "site_settings_bump_content_version" ON "site_settings";
--> statement-breakpoint
CREATE TRIGGER "site_settings_inserted_bump_content_version" AFTER INSERT ON "site_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "site_settings_updated_bump_content_version" AFTER UPDATE ON "site_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "site_settings_deleted_bump_content_version" AFTER DELETE ON "site_settings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "site_settings_truncated_bump_content_version" AFTER TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "artists_bump_content_version" ON "artists";
--> statement-breakpoint
CREATE TRIGGER "artists_inserted_bump_content_version" AFTER INSERT ON "artists" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "artists_updated_bump_content_version" AFTER UPDATE ON "artists" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "artists_deleted_bump_content_version" AFTER DELETE ON "artists" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "artists_truncated_bump_content_version" AFTER TRUNCATE ON "artists" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER "lineup_entries_bump_content_version" ON "lineup_entries";
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_inserted_bump_content_version" AFTER INSERT ON "lineup_entries" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_updated_bump_content_version" AFTER UPDATE ON "lineup_entries" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_deleted_bump_content_version" AFTER DELETE ON "lineup_entries" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "lineup_entries_truncated_bump_content_version" AFTER TRUNCATE ON "lineup_entries" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
