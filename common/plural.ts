/**
 * German counts with the right noun form, the one helper wherever a count is shown
 * ("1 Aufruf", "2 Aufrufe", "1.250 Partys"; decision 0121).
 */

const countFormat = new Intl.NumberFormat("de-DE");

/** A German noun in the singular or plural form for `count` (only 1 takes the singular). */
export interface Noun {
  one: string;
  many: string;
}

export const nouns = {
  party: { one: "Party", many: "Partys" },
  upcomingParty: { one: "kommende Party", many: "kommende Partys" },
  view: { one: "Aufruf", many: "Aufrufe" },
  click: { one: "Klick", many: "Klicks" },
  impression: { one: "Einblendung", many: "Einblendungen" },
  night: { one: "Nacht", many: "Nächte" },
  minute: { one: "Minute", many: "Minuten" },
  doorWord: { one: "Meldung", many: "Meldungen" },
  set: { one: "Set", many: "Sets" },
} satisfies Record<string, Noun>;

/** The noun's form for `count`: "Aufruf" for 1, "Aufrufe" otherwise (also 0). */
export function nounFor(count: number, noun: Noun): string {
  return count === 1 ? noun.one : noun.many;
}

/** "1 Aufruf", "0 Aufrufe", "1.250 Aufrufe". */
export function countOf(count: number, noun: Noun): string {
  return `${countFormat.format(count)} ${nounFor(count, noun)}`;
}
