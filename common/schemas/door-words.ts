import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/**
 * A word from the door (decision 0221): during the party night its team posts a preset, with an
 * optional short note, from a phone in two taps. One schema for the site's form, the API and the
 * write.
 */

/** The presets, in the order the buttons show them. */
export const doorWordPresets = [
  "entry_open",
  "queue_20",
  "entry_stop",
  "box_office_sold_out",
  "timetable_changed",
] as const;
export type DoorWordPreset = (typeof doorWordPresets)[number];

/** What each preset says, on the buttons, the party page, "Jetzt" and in the push. */
export const doorWordPresetTexts: Record<DoorWordPreset, string> = {
  entry_open: "Einlass offen",
  queue_20: "Schlange ca. 20 Min.",
  entry_stop: "Einlassstopp",
  box_office_sold_out: "Abendkasse ausverkauft",
  timetable_changed: "Timetable geändert",
};

/** The note's length at most: a line on a phone. */
export const DOOR_WORD_NOTE_MAX = 140;

export const doorWordMessages = {
  choosePreset: "Bitte wähle aus, was an der Tür los ist.",
  noteTooLong: `Höchstens ${DOOR_WORD_NOTE_MAX} Zeichen.`,
  noMarkup: "Bitte nur Text, ohne spitze Klammern („<“, „>“).",
  notTonight:
    "Meldungen von der Tür gehen nur während der Partynacht – diese Party ist vorbei oder nicht heute Nacht.",
  notPublic: "Meldungen von der Tür gehen nur für veröffentlichte Partys.",
  unknownWord: "Diese Meldung gibt es nicht (mehr).",
  posted: "Deine Meldung ist raus.",
  removed: "Die Meldung ist entfernt.",
} as const;

/** POST /api/events/{id}/door-words/ and the form of /events/tuer/{id}. */
export const doorWordSchema = z.strictObject({
  preset: z.enum(doorWordPresets, { error: doorWordMessages.choosePreset }),
  note: text()
    .trim()
    .max(DOOR_WORD_NOTE_MAX, doorWordMessages.noteTooLong)
    .refine((value) => !/[<>]/.test(value), doorWordMessages.noMarkup)
    .optional(),
});
export type DoorWordInput = z.infer<typeof doorWordSchema>;

/** "Einlassstopp – Bitte Tickets bereithalten": the preset's words and the note. */
export const doorWordText = (word: { preset: DoorWordPreset; note: string | null }) =>
  word.note
    ? `${doorWordPresetTexts[word.preset]} – ${word.note}`
    : doorWordPresetTexts[word.preset];
