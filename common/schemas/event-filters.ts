import { isIsoDay } from "../dates.ts";
import { messages } from "../messages.ts";
import { z } from "./german-errors.ts";
import { pagingQuery } from "./paging.ts";

const isoDay = z.string().refine(isIsoDay, messages.invalidDate);

const id = z.coerce
  .number({ error: messages.notANumber })
  .int(messages.notANumber)
  .min(1, messages.invalidChoice)
  .max(2_147_483_647, messages.invalidChoice);

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

/** The documented query string of GET /api/events/ (and the listing pages). */
export const eventFiltersQuery = z
  .strictObject({
    ...pagingQuery,
    date_from: isoDay.optional(),
    date_to: isoDay.optional(),
    genre: idList.optional(),
    location: id.optional(),
    organizer: id.optional(),
    top: flag.optional(),
    /** Cache-buster some clients add (SPEC §7). */
    _: z.string().max(32).optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ["date_to"],
    message: "Das Enddatum liegt vor dem Startdatum.",
  });

export type EventFiltersQuery = z.infer<typeof eventFiltersQuery>;
