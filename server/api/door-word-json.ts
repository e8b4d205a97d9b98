import { z } from "zod";
import { doorWordPresets } from "#common/schemas/door-words.ts";
import type { DoorWord } from "#server/domain/door-words/door-words.server.ts";

/** A word from the door as the API answers it (decision 0221). */
export const doorWordJson = z.object({
  id: z.number().int(),
  preset: z.enum(doorWordPresets),
  note: z.string().nullable(),
  text: z.string().describe("The preset's German words and the note, as the site shows them"),
  posted_at: z.string().describe("ISO instant"),
  time: z.string().describe("The time in the city, e.g. „01:30 Uhr“"),
});

export const toDoorWordJson = (word: DoorWord) => ({
  id: word.id,
  preset: word.preset,
  note: word.note,
  text: word.text,
  posted_at: word.postedAt.toISOString(),
  time: word.time,
});
