import { sql } from "drizzle-orm";

/**
 * The one rule of "this follow matches this party": the follow is of the party's club, one of its
 * organisers, one of its genres or an artist of its line-up. An SQL condition on a follow aliased
 * `f` and an event aliased `e`.
 */
export const followMatchesParty = sql`(
  (f.kind = 'club' and f.target_id = e.location_id)
  or (f.kind = 'organizer' and f.target_id in
    (select organizer_id from event_organizers where event_id = e.id))
  or (f.kind = 'genre' and f.target_id in
    (select genre_id from event_genres where event_id = e.id))
  or (f.kind = 'artist' and f.target_id in
    (select artist_id from lineup_entries where event_id = e.id)))`;
