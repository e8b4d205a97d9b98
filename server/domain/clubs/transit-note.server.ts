import { and, eq } from "drizzle-orm";
import { transitNoteField } from "#common/schemas/admin.ts";
import { z } from "#common/schemas/german-errors.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, PermissionDeniedError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";

export const transitNoteSchema = z.strictObject({ transit_note: transitNoteField });

const notAllowedMessage =
  "Den Hinweis zu Bahn und Nachtbus pflegen Admins und alle, die hier eine Party eingetragen haben.";

/**
 * "Letzte Bahn / Nachtbus" of a club: admins, and anyone who has entered a party at the club,
 * may keep it (decision 0144). Answers the saved note.
 */
export async function saveTransitNote(
  deps: DomainDeps,
  actor: Actor,
  clubId: number,
  input: unknown,
): Promise<string> {
  const [club] = await deps.db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, clubId));
  if (!club) throw new NotFoundError("Diesen Club gibt es nicht.");
  if (actor.role !== "admin") {
    const [own] = await deps.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.locationId, clubId), eq(events.createdById, actor.id)))
      .limit(1);
    if (!own) throw new PermissionDeniedError(notAllowedMessage);
  }
  const { transit_note: note } = parseInput(transitNoteSchema, input);
  await deps.db
    .update(locations)
    .set({ transitNote: note, updatedAt: deps.now() })
    .where(eq(locations.id, clubId));
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "club.transit_note",
    entityType: "location",
    entityId: clubId,
    ip: actor.ip ?? null,
  });
  return note;
}
