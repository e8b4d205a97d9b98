import { messages } from "#common/messages.ts";
import { databaseId } from "./database-id.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/**
 * A calendar source (decision 0233): its address, what it serves, whose parties it brings and
 * how they start. One schema for the form on /user/quellen and the domain's write.
 */

const id = databaseId({
  coerce: true,
  notANumber: messages.invalidChoice,
  outOfRange: messages.invalidChoice,
});

const emptyToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

export const importSourceMessages = {
  notHttp: "Bitte gib eine Adresse mit http://, https:// oder webcal:// an.",
  ownerNeeded: "Bitte wähle den Veranstalter oder den Club, zu dem die Partys gehören.",
} as const;

export const importSourceKinds = ["ics", "web_page"] as const;

export const importSourceSchema = z.object({
  url: text()
    .trim()
    .min(1, messages.required)
    .max(1000, messages.tooLong(1000))
    .refine((value) => /^(https?|webcals?):\/\//i.test(value), importSourceMessages.notHttp),
  kind: z.enum(importSourceKinds, { error: messages.invalidChoice }),
  organizer: z.preprocess(emptyToNull, id.nullable()).default(null),
  location: z.preprocess(emptyToNull, id.nullable()).default(null),
  genres: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(id).max(20),
  ),
  hold_for_review: z.preprocess((value) => value === true || value === "on", z.boolean()),
});

export type ImportSourceInput = z.output<typeof importSourceSchema>;

/** "Von Webseite übernehmen" in the event form: the address of a page or ICS file. */
export const partyFromUrlSchema = z.object({
  from_url: text()
    .trim()
    .min(1, messages.required)
    .max(1000, messages.tooLong(1000))
    .refine((value) => /^(https?|webcals?):\/\//i.test(value), importSourceMessages.notHttp),
});
