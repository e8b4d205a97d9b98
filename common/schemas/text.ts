import { hasNoControlCharacters } from "#common/control-characters.ts";
import { z } from "./german-errors.ts";

export const controlCharactersMessage =
  "Bitte entferne die unsichtbaren Steuerzeichen aus diesem Feld.";

/**
 * Every text input starts here — forms, API bodies and query strings alike: a string without
 * control characters (NUL and the like never reach the database; tab and line breaks stay).
 * `common/schemas/text.test.ts` checks that no schema takes a string any other way.
 */
export const text = () => z.string().refine(hasNoControlCharacters, controlCharactersMessage);
