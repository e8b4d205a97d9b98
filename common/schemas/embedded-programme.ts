import { isDatabaseId } from "#common/database-id.ts";
import { messages } from "#common/messages.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/** Parties the embedded programme shows when the address names no number, and at most. */
const EMBED_DEFAULT_COUNT = 5;
export const EMBED_MAX_COUNT = 20;

const embedThemes = ["auto", "light", "dark"] as const;
export type EmbedTheme = (typeof embedThemes)[number];

/**
 * An id written one way only ("12", never "012" or "1e1"): each selection has one address, so
 * the page cache keeps one copy of it (decision 0231).
 */
const canonicalId = text()
  .regex(/^[1-9]\d{0,9}$/, messages.invalidChoice)
  .transform(Number)
  .refine(isDatabaseId, messages.invalidChoice);

const countMessage = `Bitte gib eine Zahl von 1 bis ${EMBED_MAX_COUNT} ein.`;
const canonicalCount = text()
  .regex(/^[1-9]\d?$/, countMessage)
  .transform(Number)
  .refine((count) => count <= EMBED_MAX_COUNT, countMessage);

/**
 * The query string of the embedded programme (`/einbinden/programm`, decision 0231): at most one
 * of club, organiser or genre (none: the whole city), how many parties, and the theme. Anything
 * else is refused, so no address outside these few can be kept by the page cache.
 */
export const embeddedProgrammeQuery = z
  .strictObject({
    club: canonicalId.optional(),
    organizer: canonicalId.optional(),
    genre: canonicalId.optional(),
    count: canonicalCount.default(EMBED_DEFAULT_COUNT),
    theme: z.enum(embedThemes, { error: messages.invalidChoice }).default("auto"),
    /** Cache-buster some clients add (SPEC §7); nothing depends on it. */
    _: text().max(32).optional(),
  })
  .refine((query) => [query.club, query.organizer, query.genre].filter(Boolean).length <= 1, {
    path: ["club"],
    message: "Wähle einen Club, einen Veranstalter oder ein Genre.",
  });

/** The query parameters the embedded programme reads; the page cache keys on these only. */
export const embeddedProgrammeParams: ReadonlySet<string> = new Set(
  Object.keys(embeddedProgrammeQuery.shape),
);

/** The selection of the user area's snippet page: "alle", or "club-12", "organizer-3", "genre-4". */
const embedChoice = text().regex(
  /^(alle|(club|organizer|genre)-[1-9]\d{0,9})$/,
  messages.invalidChoice,
);

/** The snippet page's form (sent by GET, so its address shows the choice). */
export const embedSnippetQuery = z.object({
  auswahl: embedChoice.optional(),
  count: canonicalCount.default(EMBED_DEFAULT_COUNT),
  theme: z.enum(embedThemes, { error: messages.invalidChoice }).default("auto"),
});
