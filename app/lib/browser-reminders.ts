import { followMessages } from "#common/schemas/follows.ts";
import {
  loadFollows,
  syncSavedPartiesToFollower,
  writeFollows,
  type StoredFollows,
} from "./follows-store.ts";
import { enablePush, pushSubscribed } from "./push-notifications.ts";
import { showSavedPartyNotice } from "./saved-party-notice.ts";

/**
 * "Erinnern" in a browser without an account (decision 0224): the reminder comes by push, so
 * turning it on switches notifications on first (permission asked inside the click, as for the
 * follows); the choice is kept beside the follows and reaches the server with the saved parties.
 */

/** Notifications on (asked for when they are not); false when the visitor or browser refused. */
async function pushOn(): Promise<boolean> {
  return (await pushSubscribed()) || enablePush();
}

/** Stores the change and sends it along; false when it could not be stored. */
async function keep(change: (stored: StoredFollows) => Partial<StoredFollows>) {
  const stored = await loadFollows();
  if (!writeFollows({ ...stored, ...change(stored) })) {
    showSavedPartyNotice(followMessages.remindStorageRefused);
    return false;
  }
  await syncSavedPartiesToFollower();
  return true;
}

/** "Erinnern" on or off for one saved party. True when it is as wanted now. */
export async function setBrowserReminder(partyId: number, wanted: boolean): Promise<boolean> {
  if (wanted && !(await pushOn())) return false;
  return keep(({ reminders }) => ({
    reminders: wanted
      ? [...reminders.filter((id) => id !== partyId), partyId]
      : reminders.filter((id) => id !== partyId),
  }));
}

/** "Gemerkte Partys automatisch erinnern" on or off. True when it is as wanted now. */
export async function setBrowserReminderDefault(wanted: boolean): Promise<boolean> {
  if (wanted && !(await pushOn())) return false;
  return keep(() => ({ remindSaved: wanted }));
}
