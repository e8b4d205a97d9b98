import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { eventReportSchema } from "#common/schemas/admin.ts";
import { eventReports } from "#server/db/schema/event-reports.ts";
import { events } from "#server/db/schema/events.ts";
import { countAttempt, type ClientAddress } from "#server/domain/address-limits.server.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";

const visibleStatuses = ["published", "cancelled"] as const;

/**
 * "Fehler melden": anyone may report a public party; the report waits in the admins' queue.
 * Counted per client address (decision 0197).
 */
export async function reportEvent(
  deps: DomainDeps,
  eventId: number,
  input: unknown,
  client: ClientAddress,
): Promise<{ id: number }> {
  await countAttempt(deps, "report", client);
  const report = parseInput(eventReportSchema, input);
  const [event] = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), inArray(events.status, [...visibleStatuses])));
  if (!event) throw new NotFoundError("Diese Party gibt es nicht.");
  const [saved] = await deps.db
    .insert(eventReports)
    .values({
      eventId,
      message: report.message,
      reporterEmail: report.email || null,
      createdAt: deps.now(),
    })
    .returning({ id: eventReports.id });
  return saved!;
}

export interface OpenReport {
  id: number;
  message: string;
  reporterEmail: string | null;
  createdAt: Date;
  event: { id: number; title: string; slug: string };
}

/** The reports queue: unresolved reports, oldest first. */
export async function listOpenReports(deps: DomainDeps): Promise<OpenReport[]> {
  const rows = await deps.db
    .select({
      id: eventReports.id,
      message: eventReports.message,
      reporterEmail: eventReports.reporterEmail,
      createdAt: eventReports.createdAt,
      eventId: events.id,
      eventTitle: events.title,
      eventSlug: events.slug,
    })
    .from(eventReports)
    .innerJoin(events, eq(events.id, eventReports.eventId))
    .where(isNull(eventReports.resolvedAt))
    .orderBy(asc(eventReports.createdAt), asc(eventReports.id));
  return rows.map(({ eventId, eventTitle, eventSlug, ...report }) => ({
    ...report,
    event: { id: eventId, title: eventTitle, slug: eventSlug },
  }));
}

/** Marks a report as dealt with. */
export async function resolveReport(
  deps: DomainDeps,
  actor: Actor,
  reportId: number,
): Promise<void> {
  const [resolved] = await deps.db
    .update(eventReports)
    .set({ resolvedAt: deps.now(), resolvedById: actor.id })
    .where(and(eq(eventReports.id, reportId), isNull(eventReports.resolvedAt)))
    .returning({ id: eventReports.id });
  if (!resolved) throw new NotFoundError("Diese Meldung gibt es nicht oder sie ist erledigt.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "report.resolve",
    entityType: "event_report",
    entityId: reportId,
    ip: actor.ip ?? null,
  });
}
