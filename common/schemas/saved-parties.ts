import { z } from "./german-errors.ts";
import { databaseId } from "./database-id.ts";
import { text } from "./text.ts";

/**
 * The saved parties ("Merken", decision 0180). The browser keeps each party with the little it
 * needs to list it offline; whatever it reads back from local storage passes `savedPartySchema`
 * entry by entry, so a forged or broken list loses its bad entries, never the page.
 */

/** Parties one visitor (browser or account) keeps at most. */
export const SAVED_PARTIES_LIMIT = 200;

const MAX_TITLE_LENGTH = 300;
const MAX_PLACE_LENGTH = 300;

const isoInstant = z.iso.datetime({ offset: true });

/** A party as the browser keeps it. */
export const savedPartySchema = z.strictObject({
  id: databaseId(),
  title: text().min(1).max(MAX_TITLE_LENGTH),
  /** The party page: a path on this site, never another origin or a script. */
  path: text().regex(/^\/party\/[a-z0-9-]*\/[1-9]\d{0,9}$/),
  start: isoInstant,
  end: isoInstant.nullable(),
  /** Club or typed-in place, and its address; null when unknown. */
  place: text().max(MAX_PLACE_LENGTH).nullable(),
  address: text().max(MAX_PLACE_LENGTH).nullable(),
  cancelled: z.boolean(),
});

export type SavedParty = z.infer<typeof savedPartySchema>;

/** POST /api/my-saved-parties/: the browser's list moves into the account at login. */
export const mergeSavedPartiesBody = z.strictObject({
  ids: z.array(databaseId()).max(SAVED_PARTIES_LIMIT),
});

/**
 * The valid entries of a stored list, at most `SAVED_PARTIES_LIMIT`, each party once (the
 * first entry wins); anything that is not a list gives an empty one.
 */
export function validSavedParties(stored: unknown): SavedParty[] {
  if (!Array.isArray(stored)) return [];
  const parties: SavedParty[] = [];
  const seen = new Set<number>();
  // Looks at a bounded number of entries: a list of 10,000 forged ones costs no more than this.
  for (const entry of stored.slice(0, SAVED_PARTIES_LIMIT * 2)) {
    const parsed = savedPartySchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    parties.push(parsed.data);
    if (parties.length === SAVED_PARTIES_LIMIT) break;
  }
  return parties;
}
