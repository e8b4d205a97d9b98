import { clubLabel } from "#common/club-label.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { listClubs } from "./clubs.server.ts";

export const unknownClubMessage =
  "Diesen Club finden wir nicht. Wähle einen aus der Liste oder trag unten einen neuen Ort ein.";

/**
 * The event form without JavaScript names its club by text (a search field with the clubs as
 * suggestions): this turns that name — "Name (Stadt)" or the bare name, in any case — into the
 * club's id. Ids, an empty choice and the enhanced form's JSON pass unchanged.
 */
export async function withClubChosenByName(
  deps: DomainDeps,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const choice = values.location;
  if (typeof choice !== "string" || choice.trim() === "" || /^\d+$/.test(choice.trim())) {
    return values;
  }
  const wanted = choice.trim().toLocaleLowerCase("de-DE");
  const clubs = await listClubs(deps);
  const matches = (text: string) => text.toLocaleLowerCase("de-DE") === wanted;
  const club =
    clubs.find((candidate) => matches(clubLabel(candidate))) ??
    clubs.find((candidate) => matches(candidate.name));
  if (!club) throw new ValidationError({ location: [unknownClubMessage] });
  return { ...values, location: club.id };
}
