-- Search (decision 0130): venues without a club page are found by their name, through the same
-- normalisation and a trigram index like titles and club names.
CREATE INDEX "events_venue_name_search_trgm_idx" ON "events" USING gin (search_normalize("venue_name") gin_trgm_ops);
