import { MAX_SEARCH_LENGTH, NIGHTS_PER_PAGE, MAX_NIGHTS_PER_PAGE } from "#common/constants.ts";
import { isIsoDay } from "#common/dates.ts";
import { messages } from "#common/messages.ts";
import { databaseId } from "./database-id.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";
import { pagingQuery } from "./paging.ts";

const isoDay = text().refine(isIsoDay, messages.invalidDate);

const id = databaseId({
  coerce: true,
  notANumber: messages.notANumber,
  outOfRange: messages.invalidChoice,
});

/** "1,2", "1" or repeated `genre=1&genre=2` → [1, 2]. */
const idList = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((entry) => String(entry).split(","))
      .filter((entry) => entry !== ""),
  z.array(id).max(50),
);

const flag = z
  .enum(["0", "1", "true", "false"])
  .transform((value) => value === "1" || value === "true");

/** Free text searched in titles, descriptions, clubs, organisers and genres. */
export const searchText = text().trim().max(MAX_SEARCH_LENGTH, messages.tooLong(MAX_SEARCH_LENGTH));

/** The filters shared by GET /api/events/, GET /api/dates/ and the listing pages. */
const eventFilterFields = {
  date_from: isoDay.optional(),
  date_to: isoDay.optional(),
  genre: idList.optional(),
  location: id.optional(),
  organizer: id.optional(),
  top: flag.optional(),
  /** Door filters (decision 0220): by the party's facts over its club's. "ab 16": admits 16. */
  age16: flag.optional(),
  /** With an awareness team. */
  awareness: flag.optional(),
  /** "barrierefrei": step-free entry. */
  step_free: flag.optional(),
  /** "Kartenzahlung": card at the door and at the bar. */
  card: flag.optional(),
  search: searchText.optional(),
  /** Cache-buster some clients add (SPEC §7). */
  _: text().max(32).optional(),
};

const dateRangeInOrder = {
  check: (query: { date_from?: string; date_to?: string }) =>
    !query.date_from || !query.date_to || query.date_from <= query.date_to,
  params: { path: ["date_to"], message: "Das Enddatum liegt vor dem Startdatum." },
};

/** The documented query string of GET /api/events/. */
export const eventFiltersQuery = z
  .strictObject({ ...pagingQuery, ...eventFilterFields })
  .refine(dateRangeInOrder.check, dateRangeInOrder.params);

export type EventFiltersQuery = z.infer<typeof eventFiltersQuery>;

/** GET /api/dates/ and the home page: the same filters, paged by party nights. */
export const nightListQuery = z
  .strictObject({
    ...eventFilterFields,
    page: pagingQuery.page,
    page_size: z.coerce
      .number({ error: messages.notANumber })
      .int(messages.notANumber)
      .min(1)
      .max(MAX_NIGHTS_PER_PAGE)
      .default(NIGHTS_PER_PAGE),
  })
  .refine(dateRangeInOrder.check, dateRangeInOrder.params);

export type NightListQuery = z.infer<typeof nightListQuery>;
