import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "#common/constants.ts";
import { messages } from "#common/messages.ts";
import { z } from "./german-errors.ts";

/** Highest page anyone can ask for; beyond the last page the results are simply empty. */
export const MAX_PAGE = 100_000;

/** `page` (from 1) and `page_size` (at most 100), as query-string fields. */
export const pagingQuery = {
  page: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(1, messages.pageOutOfRange)
    .max(MAX_PAGE, messages.pageOutOfRange)
    .default(1),
  page_size: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
};
