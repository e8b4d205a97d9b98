import { z } from "./german-errors.ts";

/** "Erinnern" for one saved party (decision 0222): the party's id (a form sends it as text). */
export const partyReminderSchema = z.object({
  event: z.coerce
    .number({ error: "Diese Party gibt es nicht." })
    .int({ error: "Diese Party gibt es nicht." })
    .positive({ error: "Diese Party gibt es nicht." })
    .max(2_147_483_647, { error: "Diese Party gibt es nicht." }),
  wanted: z.boolean(),
});
