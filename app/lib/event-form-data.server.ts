import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import { listClubs } from "#server/domain/clubs/clubs.server.ts";
import { listOwnOrganizers } from "#server/domain/accounts/organizer-profile.server.ts";
import { listCategoriesWithGenres } from "#server/domain/genres/genres.server.ts";

/**
 * What both event form screens need besides the event: genres, clubs (the plain list without
 * JavaScript), organisers, zone, token.
 */
export async function eventFormContext(context: AppLoadContext, user: SessionUser) {
  const [categories, clubs, organizers] = await Promise.all([
    listCategoriesWithGenres(context.deps),
    listClubs(context.deps),
    listOwnOrganizers(context.deps.db, user.id),
  ]);
  return {
    categories,
    clubs: clubs.map((club) => ({ id: club.id, name: club.name, city: club.city })),
    organizers: organizers.map((organizer) => ({ id: organizer.id, name: organizer.name })),
    timeZone: context.deps.config.city.timeZone,
    csrfToken: context.session.csrfToken,
  };
}
