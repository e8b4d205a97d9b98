import { useEffect, useRef } from "react";
import { fetchAccountList, mergeIntoAccount } from "#app/lib/saved-parties-account.ts";
import { readSavedParties, writeSavedParties } from "#app/lib/saved-parties-store.ts";
import { keepSavedPageOffline } from "#app/lib/toggle-saved-party.ts";

/**
 * Signed in, the account holds the saved parties (decision 0181): once after login the browser's
 * own list moves into it, from then on the browser mirrors the account's list (for offline use)
 * on every page load. Signing out in this tab takes the account's copy off the browser. A
 * visitor who is signed out and saved nothing has nothing read or written here.
 */
export function useSavedPartiesSync(userId: number | null) {
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const signedOutNow = previous.current;
    previous.current = userId;
    if (userId === null) {
      if (signedOutNow !== null && readSavedParties().owner === signedOutNow) {
        writeSavedParties({ owner: null, parties: [] });
      }
      return;
    }
    let current = true;
    const stored = readSavedParties();
    const browsersOwn = stored.owner === null && stored.parties.length > 0;
    (browsersOwn ? mergeIntoAccount(stored.parties.map((party) => party.id)) : fetchAccountList())
      .then((parties) => {
        if (!current) return;
        const now = readSavedParties();
        if (now.owner === userId && JSON.stringify(now.parties) === JSON.stringify(parties)) return;
        writeSavedParties({ owner: userId, parties });
        // Parties saved on another device open offline here too.
        if (parties.length > 0) keepSavedPageOffline();
      })
      .catch(() => {
        // Offline or the server busy: the browser's copy stays until the next page load.
      });
    return () => {
      current = false;
    };
  }, [userId]);
}
