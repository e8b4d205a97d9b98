import { and, asc, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { partyNightOf } from "#common/dates.ts";
import { safeHttpUrl } from "#common/safe-url.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { cachedUntilContentChanges } from "#server/domain/content-version/content-version.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { effectiveDoorFacts } from "#server/domain/event-query/door-facts.server.ts";
import type { EventDetail, EventSummary } from "#server/domain/event-query/event-model.ts";
import {
  filterConditions,
  loadRefs,
  publicStatuses,
  refinements,
  summariesByIds,
  summaryColumns,
  toSummary,
  tonightStart,
  type EventFilters,
} from "#server/domain/event-query/event-query-kit.server.ts";
import { offsetOf, type Page } from "#server/domain/paging.ts";
import type { PageRequest } from "#server/domain/paging.ts";

/** Public events matching the filters, in start order, one page. */
export async function listEvents(
  deps: DomainDeps,
  filters: EventFilters,
  pageRequest: PageRequest,
): Promise<Page<EventSummary>> {
  const where = and(...filterConditions(deps, filters));
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select(summaryColumns)
      .from(events)
      .leftJoin(locations, eq(events.locationId, locations.id))
      .where(where)
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(pageRequest.pageSize)
      .offset(offsetOf(pageRequest)),
    // The count changes only with the data (or at the night boundary): kept until then.
    cachedUntilContentChanges(
      deps,
      `events-count:${partyNightOf(deps.now(), deps.config.city.timeZone)}:${JSON.stringify(filters)}`,
      // An async function, so the cached value is one settled promise — a Drizzle query
      // builder would run its query again on every await.
      async () =>
        deps.db
          .select({ count: sql<number>`count(*)::int` })
          .from(events)
          .where(where),
    ),
  ]);
  const refs = await loadRefs(
    deps,
    rows.map((row) => row.id),
  );
  return {
    count: counted?.count ?? 0,
    page: pageRequest.page,
    pageSize: pageRequest.pageSize,
    items: rows.map((row) => toSummary(deps, row, refs)),
  };
}

/** Public events that started before tonight's night, newest first (club and organiser pages). */
export async function listPastEvents(
  deps: DomainDeps,
  filters: Pick<EventFilters, "locationId" | "organizerId" | "genreIds" | "artistId">,
  pageRequest: PageRequest,
): Promise<Page<EventSummary>> {
  const where = and(
    inArray(events.status, [...publicStatuses]),
    lt(events.startsAt, tonightStart(deps)),
    ...refinements(deps, filters),
  );
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({ id: events.id })
      .from(events)
      .where(where)
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(pageRequest.pageSize)
      .offset(offsetOf(pageRequest)),
    deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(where),
  ]);
  return {
    count: counted?.count ?? 0,
    page: pageRequest.page,
    pageSize: pageRequest.pageSize,
    items: await summariesByIds(
      deps,
      rows.map((row) => row.id),
    ),
  };
}

/**
 * One public event with everything its page shows; NotFoundError for drafts and unknown ids.
 * The ticket link passes the site's link rule (common/safe-url.ts), else it is null.
 */
async function eventDetailWhere(deps: DomainDeps, condition: SQL): Promise<EventDetail> {
  const [row] = await deps.db
    .select({
      ...summaryColumns,
      description: events.description,
      ticketUrl: events.ticketUrl,
      mediaUrls: events.mediaUrls,
      partyDoorFacts: events.doorFacts,
      clubDoorFacts: locations.doorFacts,
      createdById: events.createdById,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
    })
    .from(events)
    .leftJoin(locations, eq(events.locationId, locations.id))
    .where(condition);
  if (!row) throw new NotFoundError("Diese Party gibt es nicht.");
  const refs = await loadRefs(deps, [row.id]);
  return {
    ...toSummary(deps, row, refs),
    description: row.description,
    ticketUrl: safeHttpUrl(row.ticketUrl),
    mediaUrls: row.mediaUrls,
    doorFacts: effectiveDoorFacts(row.clubDoorFacts, row.partyDoorFacts, row.ageLimit),
    createdById: row.createdById,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function getPublicEvent(deps: DomainDeps, id: number): Promise<EventDetail> {
  return eventDetailWhere(
    deps,
    and(eq(events.id, id), inArray(events.status, [...publicStatuses]))!,
  );
}

/**
 * The party behind a preview link `/party/vorschau/<token>` (decision 0236), public or not: the
 * secret is the permission. An unknown token is a NotFoundError.
 */
export function getPreviewEvent(deps: DomainDeps, token: string): Promise<EventDetail> {
  return eventDetailWhere(deps, eq(events.previewToken, token));
}
