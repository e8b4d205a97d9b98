import { and, eq, inArray, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deleteAccountSchema } from "#common/schemas/account.ts";
import { organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { eventOrganizers, events } from "#server/db/schema/events.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { deleteUnusedFlyers } from "#server/domain/uploads/flyer-files.server.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { findUserById } from "./user-lookup.server.ts";
import { requireCurrentPassword } from "./passwords.server.ts";

/**
 * Deletes an account (Art. 17 DSGVO) after the password is confirmed: the user, their sessions
 * and links, their events and flyers (but not the parties of a profile others still act for),
 * and organiser profiles nobody else acts for; a team left without an owner gets one.
 */
export async function deleteAccount(
  deps: DomainDeps,
  userId: number,
  input: unknown,
  meta: { ip: string | null },
): Promise<void> {
  const { password } = parseInput(deleteAccountSchema, input);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError();
  await requireCurrentPassword(deps, user, password, "password");
  const flyers = await deps.db.transaction(async (tx) => {
    const others = alias(organizerMembers, "others");
    // A party of a profile others still act for belongs to that team and stays (decision 0232).
    const keptByATeam = tx
      .select({ one: sql`1` })
      .from(eventOrganizers)
      .innerJoin(others, eq(others.organizerId, eventOrganizers.organizerId))
      .where(and(eq(eventOrganizers.eventId, events.id), ne(others.userId, userId)));
    const removed = await tx
      .delete(events)
      .where(and(eq(events.createdById, userId), notExists(keptByATeam)))
      .returning({ flyerPath: events.flyerPath });
    const soleOrganizers = tx
      .select({ id: organizerMembers.organizerId })
      .from(organizerMembers)
      .where(
        and(
          eq(organizerMembers.userId, userId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(others)
              .where(
                and(
                  eq(others.organizerId, organizerMembers.organizerId),
                  ne(others.userId, userId),
                ),
              ),
          ),
        ),
      );
    await tx.delete(organizers).where(inArray(organizers.id, soleOrganizers));
    await tx.delete(users).where(eq(users.id, userId));
    // A team whose last owner went gets one: its longest-standing member (decision 0232).
    await tx.execute(sql`
      update ${organizerMembers} set role = 'owner'
      where (organizer_id, user_id) in (
        select distinct on (organizer_id) organizer_id, user_id from ${organizerMembers} as heir
        where not exists (
          select 1 from ${organizerMembers} as owning
          where owning.organizer_id = heir.organizer_id and owning.role = 'owner'
        )
        order by organizer_id, created_at, user_id
      )`);
    return removed.map((row) => row.flyerPath).filter((path): path is string => path !== null);
  });
  await deleteUnusedFlyers(deps, flyers);
  await recordAudit(deps, {
    actorUserId: null,
    action: "account.deleted",
    entityType: "user",
    entityId: userId,
    ip: meta.ip,
  });
}
