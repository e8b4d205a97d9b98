-- Search: one normalisation for documents and queries (decision 0011). Lower case (ICU, so
-- umlauts too), ä/ö/ü → ae/oe/ue → a/o/u and ß → ss (so "Müller", "Mueller" and "Muller" meet),
-- accents dropped, every spelling of drum and bass ("dnb", "d&b", "drum & bass", "drum'n'bass")
-- made one, "&" read as "and", punctuation made spaces.
CREATE OR REPLACE FUNCTION search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT trim(regexp_replace(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          translate(
            replace(replace(replace(replace(lower(input COLLATE "und-x-icu"), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
            'àáâãåāçćčèéêëēėìíîïñńòóôõøōùúûūýÿžšł', 'aaaaaaccceeeeeeiiiinnoooooouuuuyyzsl'),
          '\m(dnb|d\s*(&|n|''n''|´n´|’n’)\s*b|drum\s*(&|and|und|n|''n''|´n´|’n’|\+)\s*bass)\M', 'drum and bass', 'g'),
        '&', ' and ', 'g'),
      '([aou])e', '\1', 'g'),
    '[^a-z0-9]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE INDEX "events_title_search_trgm_idx" ON "events" USING gin (search_normalize("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "locations_name_search_trgm_idx" ON "locations" USING gin (search_normalize("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "organizers_name_search_trgm_idx" ON "organizers" USING gin (search_normalize("name") gin_trgm_ops);
--> statement-breakpoint
-- Content version (decision 0012): bumped once per statement that changes what public pages show.
INSERT INTO "content_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "event_genres_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_genres" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "event_organizers_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_organizers" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "locations_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "organizers_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizers" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "genres_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genres" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "genre_categories_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genre_categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "ads_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ads" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "pages_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "navigation_menus_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "navigation_menus" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER "redirects_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
