import { z } from "./german-errors.ts";

export const controlCharactersMessage =
  "Bitte entferne die unsichtbaren Steuerzeichen aus diesem Feld.";

/** C0 controls but tab, line feed and carriage return; DEL and the C1 controls. */
function isForbiddenControl(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

export function hasNoControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    if (isForbiddenControl(value.charCodeAt(index))) return false;
  }
  return true;
}

/**
 * Every text input starts here — forms, API bodies and query strings alike: a string without
 * control characters (NUL and the like never reach the database; tab and line breaks stay).
 * `common/schemas/text.test.ts` checks that no schema takes a string any other way.
 */
export const text = () => z.string().refine(hasNoControlCharacters, controlCharactersMessage);
