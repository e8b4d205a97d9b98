import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import { getEditableEvent } from "#server/domain/events/own-events.server.ts";
import { orNotFound } from "./not-found.server.ts";
import { actorOf } from "./session.server.ts";

/** The event for its edit page; someone else's party is the 404 page (the refusal is audited,
 * and the page does not tell that the party exists). */
export async function editableEventOr404(
  context: AppLoadContext,
  user: SessionUser,
  eventId: number,
) {
  return orNotFound(getEditableEvent(context.deps, actorOf(user, context), eventId));
}
