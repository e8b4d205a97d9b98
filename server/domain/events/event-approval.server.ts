import { and, eq, inArray } from "drizzle-orm";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";

/**
 * The status a new, non-draft event starts with: "pending" when the site setting
 * `eventsNeedApproval` is on and the actor is a new organiser — no admin, and none of their
 * events has been public yet (published or cancelled); else "published".
 */
export async function statusOfNewEvent(
  deps: DomainDeps,
  actor: Actor,
): Promise<"pending" | "published"> {
  if (actor.role === "admin") return "published";
  const { eventsNeedApproval } = await getSiteSettings(deps);
  if (!eventsNeedApproval) return "published";
  const [earlier] = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(eq(events.createdById, actor.id), inArray(events.status, ["published", "cancelled"])),
    )
    .limit(1);
  return earlier ? "published" : "pending";
}
