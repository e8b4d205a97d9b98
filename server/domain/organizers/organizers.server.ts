import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { safeHttpUrl } from "#common/safe-url.ts";
import { organizers } from "#server/db/schema/catalog.ts";
import { eventOrganizers, events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { publicStatuses, tonightStart } from "#server/domain/event-query/event-query-kit.server.ts";

export type Organizer = typeof organizers.$inferSelect;

export interface OrganizerListEntry {
  id: number;
  name: string;
  slug: string;
  upcomingCount: number;
}

export async function getOrganizer({ db }: DomainDeps, id: number): Promise<Organizer> {
  const [organizer] = await db.select().from(organizers).where(eq(organizers.id, id));
  if (!organizer) throw new NotFoundError("Diesen Veranstalter gibt es nicht.");
  return organizer;
}

export async function getOrganizerBySlug({ db }: DomainDeps, slug: string): Promise<Organizer> {
  const [organizer] = await db.select().from(organizers).where(eq(organizers.slug, slug));
  if (!organizer) throw new NotFoundError("Diesen Veranstalter gibt es nicht.");
  return organizer;
}

/** Every organiser A–Z (German order) with the number of upcoming public parties. */
export async function listOrganizers(deps: DomainDeps): Promise<OrganizerListEntry[]> {
  const upcoming = deps.db
    .select({
      organizerId: eventOrganizers.organizerId,
      count: sql<number>`count(*)::int`.as("count"),
    })
    .from(eventOrganizers)
    .innerJoin(events, eq(events.id, eventOrganizers.eventId))
    .where(
      and(inArray(events.status, [...publicStatuses]), gte(events.startsAt, tonightStart(deps))),
    )
    .groupBy(eventOrganizers.organizerId)
    .as("upcoming");
  return deps.db
    .select({
      id: organizers.id,
      name: organizers.name,
      slug: organizers.slug,
      upcomingCount: sql<number>`coalesce(${upcoming.count}, 0)::int`,
    })
    .from(organizers)
    .leftJoin(upcoming, eq(upcoming.organizerId, organizers.id))
    .orderBy(sql`${organizers.name} collate "und-x-icu"`, organizers.id);
}

/**
 * Links an organiser gave, as full URLs (Instagram and TikTok handles become profile links);
 * only those that pass the site's link rule (common/safe-url.ts).
 */
export function organizerLinks(
  organizer: Pick<Organizer, "website" | "instagram" | "tiktok" | "facebook">,
): { label: string; url: string }[] {
  const handle = (value: string) => value.trim().replace(/^@/, "");
  const links: { label: string; url: string }[] = [];
  if (organizer.website) links.push({ label: "Website", url: organizer.website });
  if (organizer.instagram) {
    links.push({
      label: "Instagram",
      url: `https://www.instagram.com/${encodeURIComponent(handle(organizer.instagram))}/`,
    });
  }
  if (organizer.tiktok) {
    links.push({
      label: "TikTok",
      url: `https://www.tiktok.com/@${encodeURIComponent(handle(organizer.tiktok))}`,
    });
  }
  if (organizer.facebook) links.push({ label: "Facebook", url: organizer.facebook });
  return links.flatMap(({ label, url }) => {
    const safe = safeHttpUrl(url);
    return safe === null ? [] : [{ label, url: safe }];
  });
}
