-- Listings read public parties in start order from tonight on (decision 0010): a partial index
-- on the start of published and cancelled events serves them in order without a sort.
CREATE INDEX IF NOT EXISTS "events_public_starts_at_idx" ON "events" ("starts_at", "id") WHERE "status" IN ('published', 'cancelled');
