/**
 * The mark of a top event wherever one is shown: listings, the party page, the newsletter (mail
 * and past issues) and the API's `top_badge`. A top event stands first in its night because its
 * organiser paid, so the mark says so — a paid placement in a ranking must be recognisable as
 * paid (UWG § 5a (4) and Annex no. 11a; decision 0212). Change it here and nowhere else.
 */
export const TOP_EVENT_BADGE = "Top-Event · Anzeige";

/** The badge of a party: the mark while it is top, else none. */
export function topEventBadge(isTop: boolean): string | null {
  return isTop ? TOP_EVENT_BADGE : null;
}
