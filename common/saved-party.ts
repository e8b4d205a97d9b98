import { placeName, type PartyPlace } from "./party-place.ts";
import type { SavedParty } from "./schemas/saved-parties.ts";

/**
 * What the browser keeps of a party it saves (decision 0180), from a card, the party page or the
 * account's list: enough to list it offline by night and link to its page.
 */
export function toSavedParty(
  party: {
    id: number;
    title: string;
    path: string;
    start: string;
    end: string | null;
    cancelled: boolean;
  } & PartyPlace,
): SavedParty {
  const { location } = party;
  const address = location
    ? [location.address, `${location.postcode} ${location.city}`.trim()].filter(Boolean).join(", ")
    : party.venueAddress;
  return {
    id: party.id,
    title: party.title,
    path: party.path,
    start: party.start,
    end: party.end,
    place: placeName(party),
    address: address || null,
    cancelled: party.cancelled,
  };
}
