import { data, type AppLoadContext } from "react-router";
import {
  cancelEvent,
  copyEventToNextWeek,
  deleteEvent,
} from "#server/domain/events/event-commands.server.ts";
import { formFailure } from "./form-failure.server.ts";
import type { FormResult } from "./form-result.ts";
import { actorOf, requireCsrf, requireUser } from "./session.server.ts";

export type OwnEventResult = FormResult & { copyId?: number };

/** The row buttons of the own-event lists: copy for next week, cancel, delete. */
export async function ownEventAction(request: Request, context: AppLoadContext) {
  const user = requireUser(request, context);
  const formData = await request.formData();
  requireCsrf(context, formData.get("csrf"));
  const eventId = Number(formData.get("event"));
  const actor = actorOf(user, context);
  try {
    switch (formData.get("intent")) {
      case "copy": {
        const copy = await copyEventToNextWeek(context.deps, actor, eventId);
        return data<OwnEventResult>({
          fieldErrors: {},
          success: "Die Kopie für nächste Woche ist angelegt.",
          copyId: copy.id,
        });
      }
      case "cancel":
        await cancelEvent(context.deps, actor, eventId);
        return data<OwnEventResult>({ fieldErrors: {}, success: "Die Party ist abgesagt." });
      case "delete":
        await deleteEvent(context.deps, actor, eventId);
        return data<OwnEventResult>({ fieldErrors: {}, success: "Die Party ist gelöscht." });
      default:
        return data<OwnEventResult>(
          { fieldErrors: {}, formError: "Unbekannte Aktion." },
          { status: 400 },
        );
    }
  } catch (error) {
    return formFailure(error);
  }
}
