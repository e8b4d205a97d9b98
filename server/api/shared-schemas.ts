import { z } from "zod";
import { messages } from "#common/messages.ts";
import { databaseId } from "#common/schemas/database-id.ts";

export const detailJson = z.object({ detail: z.string() });

/** A numeric `:id` path parameter; anything else is a 400 field error, never a 500. */
export const idParams = z.object({
  id: databaseId({ coerce: true, notANumber: messages.notANumber }),
});
