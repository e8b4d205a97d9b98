-- Decision 0210: a top event covers its party. Top events bought by the week before it may end
-- before their party's night is over ("Top-Event bis Fr., 04.12." for a party on Sat, 05.12.);
-- they get the missing days once, here. The night ends at 06:00 after the party's night
-- (PARTY_NIGHT_START_HOUR) in the city's time zone, Europe/Berlin for every German city this
-- calendar serves. Only parties still to come (their night not over), not cancelled, with a
-- fulfilled top-event order; the latest such order's period is extended with a note in its
-- history, and its statistics mail goes out again at the new end. Runs once, as migrations do:
-- a party moved later afterwards is not extended by this (decision 0210). Enum columns are
-- compared as text: on PostgreSQL a fresh database runs every migration in one transaction,
-- where enum values added earlier in it ("fulfilled") cannot be used as literals yet.
WITH short AS (
  SELECT e.id AS event_id,
    (((((e.starts_at AT TIME ZONE 'Europe/Berlin') - interval '6 hours')::date + 1) + time '06:00')
      AT TIME ZONE 'Europe/Berlin') AS night_ends_at
  FROM events e
  WHERE e.status::text <> 'cancelled'
    AND e.top_until IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM payment_orders o
      WHERE o.event_id = e.id AND o.purpose::text = 'top_event' AND o.status::text = 'fulfilled'
    )
), latest AS (
  SELECT DISTINCT ON (o.event_id) o.id, s.night_ends_at
  FROM payment_orders o
  JOIN short s ON s.event_id = o.event_id
  JOIN events e ON e.id = o.event_id
  WHERE o.purpose::text = 'top_event' AND o.status::text = 'fulfilled'
    AND e.top_until < s.night_ends_at AND s.night_ends_at > now()
  ORDER BY o.event_id, o.period_ends_at DESC NULLS LAST, o.id DESC
)
UPDATE payment_orders o
SET period_ends_at = latest.night_ends_at,
  statistics_mailed_at = NULL,
  updated_at = now(),
  history = o.history || jsonb_build_array(jsonb_build_object(
    'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', o.status::text,
    'note', 'period extended to the end of the party''s night (decision 0210)'
  ))
FROM latest
WHERE o.id = latest.id;
--> statement-breakpoint
UPDATE events e
SET top_until = s.night_ends_at, updated_at = now()
FROM (
  SELECT e2.id AS event_id,
    (((((e2.starts_at AT TIME ZONE 'Europe/Berlin') - interval '6 hours')::date + 1) + time '06:00')
      AT TIME ZONE 'Europe/Berlin') AS night_ends_at
  FROM events e2
  WHERE e2.status::text <> 'cancelled'
    AND e2.top_until IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM payment_orders o
      WHERE o.event_id = e2.id AND o.purpose::text = 'top_event' AND o.status::text = 'fulfilled'
    )
) s
WHERE e.id = s.event_id AND e.top_until < s.night_ends_at AND s.night_ends_at > now();
