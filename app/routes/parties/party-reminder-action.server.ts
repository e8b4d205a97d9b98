import type { ActionFunctionArgs } from "react-router";
import { NotFoundError } from "#server/domain/errors.ts";
import { setPartyReminder } from "#server/domain/reminders/reminder-settings.server.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import { requireUser } from "#app/lib/session.server.ts";

/**
 * The party page's "Erinnern" for a signed-in account (decisions 0222, 0224): a plain form post
 * (`wanted` "on" or "off"), so it works without JavaScript.
 */
export function partyReminderAction(args: ActionFunctionArgs, eventId: number) {
  return formAction(args, async ({ values }) => {
    const user = requireUser(args.request, args.context);
    const wanted = values.wanted === "on";
    try {
      await setPartyReminder(args.context.deps, user.id, { event: eventId, wanted });
    } catch (error) {
      // Taken off the list in another tab meanwhile: said above the toggle, not a 404 page.
      if (error instanceof NotFoundError) return { formError: error.message };
      throw error;
    }
    return {
      success: wanted
        ? "Wir erinnern Dich am Tag der Party um 15 Uhr per E-Mail."
        : "Erinnerung aus.",
    };
  });
}
