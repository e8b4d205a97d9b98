import { SAVED_PARTIES_LIMIT, type SavedParty } from "#common/schemas/saved-parties.ts";
import { applyReminderDefault, syncSavedPartiesToFollower } from "./follows-store.ts";
import { SavedPartiesRequestError, saveInAccount } from "./saved-parties-account.ts";
import {
  keepSavedPageOffline,
  loadSavedParties,
  writeSavedParties,
} from "./saved-parties-store.ts";
import { savingFailedText, showSavedPartyNotice } from "./saved-party-notice.ts";

const savedPartiesFullText = `Du hast schon ${SAVED_PARTIES_LIMIT} Partys gemerkt. Entferne erst eine, bevor Du eine neue merkst.`;
const storageRefusedText =
  "Dein Browser lässt uns nichts speichern. Erlaube die Website-Daten, um Partys zu merken.";

/**
 * The heart (decision 0180): saves or removes the party in this browser at once; signed in, in
 * the account too (and takes the browser's change back when the account refuses it).
 */
export async function toggleSavedParty(party: SavedParty, userId: number | null): Promise<void> {
  const before = await loadSavedParties();
  const saved = before.parties.some((entry) => entry.id === party.id);
  if (!saved && before.parties.length >= SAVED_PARTIES_LIMIT) {
    showSavedPartyNotice(savedPartiesFullText);
    return;
  }
  const parties = saved
    ? before.parties.filter((entry) => entry.id !== party.id)
    : [...before.parties, party];
  if (!writeSavedParties({ owner: userId ?? before.owner, parties })) {
    showSavedPartyNotice(storageRefusedText);
    return;
  }
  showSavedPartyNotice(null);
  if (!saved) keepSavedPageOffline();
  // A browser with a follower (a channel on, /folge-ich) keeps the server's copy of the ids, so
  // change alerts reach it by push (decision 0189); without one nothing is sent. Without an
  // account, the party's "Erinnern" by push goes along (decision 0224).
  if (userId === null) await applyReminderDefault(party.id, !saved);
  void syncSavedPartiesToFollower();
  if (userId === null) return;
  try {
    await saveInAccount(party.id, !saved);
  } catch (error) {
    writeSavedParties(before);
    showSavedPartyNotice(
      error instanceof SavedPartiesRequestError && error.detail ? error.detail : savingFailedText,
    );
  }
}
