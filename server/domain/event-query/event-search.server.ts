import { sql, type SQL } from "drizzle-orm";
import { genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { nameMatches } from "./search-match.server.ts";

/**
 * Events a search text finds: by title (substring, typo-tolerant), by German full text over
 * title and description (stemming: "Partys" finds "Party"), or through their club, organisers
 * or genres ("dnb" finds every party of the genre Drum and Bass). Each branch of the union
 * uses its own index.
 */
export function eventSearchCondition(text: string): SQL {
  const fullText = sql`to_tsvector('german', ${events.title} || ' ' || ${events.description})
    @@ websearch_to_tsquery('german', ${text})`;
  return sql`${events.id} in (
    select ${events.id} from ${events} where ${nameMatches(events.title, text)} or ${fullText}
    union
    select ${events.id} from ${events} where ${events.locationId} in (
      select ${locations.id} from ${locations} where ${nameMatches(locations.name, text)})
    union
    select ${eventGenres.eventId} from ${eventGenres} where ${eventGenres.genreId} in (
      select ${genres.id} from ${genres} where ${nameMatches(genres.name, text)})
    union
    select ${eventOrganizers.eventId} from ${eventOrganizers} where ${eventOrganizers.organizerId} in (
      select ${organizers.id} from ${organizers} where ${nameMatches(organizers.name, text)})
  )`;
}
