import { inArray, or, sql, type SQL } from "drizzle-orm";
import { genreCategories, genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { withGenreFamilies } from "./genre-families.server.ts";
import { nameMatches } from "./search-match.server.ts";

/**
 * The genres a search text names (decision 0126): those whose name matches, with the whole
 * family of a family genre ("Drum and Bass" → Liquid Funk, Neurofunk …), and every genre of a
 * family whose name matches ("Bass" → Dubstep, UK Garage …, even without a family genre).
 */
export function genresNamedBy(deps: DomainDeps, text: string) {
  const byName = deps.db
    .select({ id: genres.id })
    .from(genres)
    .where(nameMatches(genres.name, text));
  const families = deps.db
    .select({ id: genreCategories.id })
    .from(genreCategories)
    .where(nameMatches(genreCategories.name, text));
  return deps.db
    .select({ id: genres.id })
    .from(genres)
    .where(
      or(inArray(genres.id, withGenreFamilies(deps, byName)), inArray(genres.categoryId, families)),
    );
}

/**
 * Events a search text finds: by title (substring, typo-tolerant), by German full text over
 * title and description (stemming: "Partys" finds "Party"), by the name of a venue without a club
 * page, or through their club, organisers
 * or genres ("dnb" finds every party of the Drum and Bass family, see `genresNamedBy`). Each
 * branch of the union uses its own index.
 */
export function eventSearchCondition(deps: DomainDeps, text: string): SQL {
  const fullText = sql`to_tsvector('german', ${events.title} || ' ' || ${events.description})
    @@ websearch_to_tsquery('german', ${text})`;
  return sql`${events.id} in (
    select ${events.id} from ${events} where ${nameMatches(events.title, text)} or ${fullText}
    union
    select ${events.id} from ${events} where ${nameMatches(events.venueName, text)}
    union
    select ${events.id} from ${events} where ${events.locationId} in (
      select ${locations.id} from ${locations} where ${nameMatches(locations.name, text)})
    union
    select ${eventGenres.eventId} from ${eventGenres} where ${eventGenres.genreId} in (
      ${genresNamedBy(deps, text)})
    union
    select ${eventOrganizers.eventId} from ${eventOrganizers} where ${eventOrganizers.organizerId} in (
      select ${organizers.id} from ${organizers} where ${nameMatches(organizers.name, text)})
  )`;
}
