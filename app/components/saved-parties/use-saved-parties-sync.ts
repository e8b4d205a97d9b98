import { useEffect, useRef } from "react";
import {
  keepSavedPageOffline,
  loadSavedParties,
  writeSavedParties,
} from "#app/lib/saved-parties-store.ts";

/**
 * Signed in, the account holds the saved parties (decision 0181): once after login the browser's
 * own list moves into it, from then on the browser mirrors the account's list (for offline use)
 * on every page load. Signing out in this tab takes the account's copy off the browser. A
 * visitor who is signed out and saved nothing has nothing read or written here, and the
 * account's side loads only for signed-in visitors (decision 0194).
 */
export function useSavedPartiesSync(userId: number | null) {
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const signedOutNow = previous.current;
    previous.current = userId;
    if (userId === null) {
      if (signedOutNow !== null) void dropAccountCopy(signedOutNow);
      return;
    }
    let current = true;
    void mirrorAccount(userId, () => current);
    return () => {
      current = false;
    };
  }, [userId]);
}

async function dropAccountCopy(signedOutUserId: number) {
  if ((await loadSavedParties()).owner === signedOutUserId) {
    writeSavedParties({ owner: null, parties: [] });
  }
}

async function mirrorAccount(userId: number, stillCurrent: () => boolean) {
  try {
    const { fetchAccountList, mergeIntoAccount } =
      await import("#app/lib/saved-parties-account.ts");
    const stored = await loadSavedParties();
    const browsersOwn = stored.owner === null && stored.parties.length > 0;
    const parties = await (browsersOwn
      ? mergeIntoAccount(stored.parties.map((party) => party.id))
      : fetchAccountList());
    if (!stillCurrent()) return;
    const now = await loadSavedParties();
    if (now.owner === userId && JSON.stringify(now.parties) === JSON.stringify(parties)) return;
    writeSavedParties({ owner: userId, parties });
    // Parties saved on another device open offline here too.
    if (parties.length > 0) keepSavedPageOffline();
  } catch {
    // Offline or the server busy: the browser's copy stays until the next page load.
  }
}
