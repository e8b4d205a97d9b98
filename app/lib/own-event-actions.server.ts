import type { AppLoadContext } from "react-router";
import { DEFAULT_PAGE_SIZE } from "#common/constants.ts";
import { hasMorePages } from "#common/paging.ts";
import {
  cancelEvent,
  copyEventToNextWeek,
  deleteEvent,
  renewPreviewToken,
} from "#server/domain/events/event-commands.server.ts";
import { listOwnEvents } from "#server/domain/events/own-events.server.ts";
import { formAction, refuseUnknownIntent } from "./form-action.server.ts";
import type { FormResult } from "./form-result.ts";
import { pageNumber } from "./page-number.ts";
import { parsePostedId } from "./route-params.ts";
import { actorOf, requireUser } from "./session.server.ts";

export type OwnEventResult = FormResult & { copyId?: number };

/** The loader of both own-event lists: one page of the organiser's upcoming or past events. */
export async function loadOwnEvents(
  { request, context }: { request: Request; context: AppLoadContext },
  when: "upcoming" | "past",
) {
  const user = requireUser(request, context);
  const page = pageNumber(new URL(request.url));
  const events = await listOwnEvents(context.deps, user.id, when, {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  return {
    page,
    items: events.items,
    count: events.count,
    pageSize: events.pageSize,
    hasMore: hasMorePages(events),
    timeZone: context.deps.config.city.timeZone,
    csrfToken: context.session.csrfToken,
  };
}

/**
 * The row buttons of the own-event lists: copy for next week, cancel, delete, and a new preview
 * link (decision 0236).
 */
export function ownEventAction(args: { request: Request; context: AppLoadContext }) {
  const user = requireUser(args.request, args.context);
  const actor = actorOf(user, args.context);
  const { deps } = args.context;
  return formAction<OwnEventResult>(args, async ({ values, intent }) => {
    const eventId = parsePostedId(values.event);
    switch (intent) {
      case "copy": {
        const copy = await copyEventToNextWeek(deps, actor, eventId);
        return {
          success: "Die Kopie für nächste Woche ist als Entwurf gespeichert, ohne Flyer.",
          copyId: copy.id,
        };
      }
      case "cancel":
        await cancelEvent(deps, actor, eventId);
        return { success: "Die Party ist abgesagt." };
      case "preview-link":
        await renewPreviewToken(deps, actor, eventId);
        return { success: "Der neue Vorschau-Link ist da; der alte gilt nicht mehr." };
      case "delete":
        await deleteEvent(deps, actor, eventId);
        return { success: "Die Party ist gelöscht." };
      default:
        return refuseUnknownIntent();
    }
  });
}
