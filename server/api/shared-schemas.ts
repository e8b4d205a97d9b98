import { z } from "zod";
import { messages } from "#common/messages.ts";

export const detailJson = z.object({ detail: z.string() });

/** A numeric `:id` path parameter; anything else is a 400 field error, never a 500. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(1)
    .max(2_147_483_647),
});
