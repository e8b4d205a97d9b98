import { and, eq } from "drizzle-orm";
import { duplicateSuspects, importedEntries } from "#server/db/schema/imports.ts";
import { events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { deleteUnusedFlyers } from "#server/domain/uploads/flyer-files.server.ts";

/**
 * "Ist das dieselbe Party?" answered yes (decision 0234): the held party goes, and the source
 * entries that made it point at the existing party from now on — so the next sync updates that
 * one (where its values are still the imported ones) instead of bringing the copy back.
 * Answered no, the admin simply approves the held party.
 */
export async function mergeHeldDuplicate(
  deps: DomainDeps,
  actor: Actor,
  heldEventId: number,
): Promise<void> {
  const flyer = await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({
        flyerPath: events.flyerPath,
        existingEventId: duplicateSuspects.existingEventId,
      })
      .from(duplicateSuspects)
      .innerJoin(events, eq(events.id, duplicateSuspects.eventId))
      .where(and(eq(duplicateSuspects.eventId, heldEventId), eq(events.status, "pending")));
    if (!held) throw new ConflictError("Diese Party wartet nicht als mögliches Duplikat.");
    await tx
      .update(importedEntries)
      .set({ eventId: held.existingEventId })
      .where(eq(importedEntries.eventId, heldEventId));
    await tx.delete(events).where(eq(events.id, heldEventId));
    await recordAudit(
      { ...deps, db: tx },
      {
        actorUserId: actor.id,
        action: "event.duplicate.merged",
        entityType: "event",
        entityId: held.existingEventId,
        details: { removedEventId: heldEventId },
        ip: actor.ip ?? null,
      },
    );
    return held.flyerPath;
  });
  if (flyer !== null) await deleteUnusedFlyers(deps, [flyer]);
}
