import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import { listOwnOrganizers } from "#server/domain/accounts/organizer-profile.server.ts";
import { listCategoriesWithGenres } from "#server/domain/genres/genres.server.ts";

/** What both event form screens need besides the event: genres, organisers, zone, token. */
export async function eventFormContext(context: AppLoadContext, user: SessionUser) {
  const [categories, organizers] = await Promise.all([
    listCategoriesWithGenres(context.deps),
    listOwnOrganizers(context.deps.db, user.id),
  ]);
  return {
    categories,
    organizers: organizers.map((organizer) => ({ id: organizer.id, name: organizer.name })),
    timeZone: context.deps.config.city.timeZone,
    csrfToken: context.session.csrfToken,
  };
}
