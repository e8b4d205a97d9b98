/**
 * The rule every text input passes (forms, API bodies, query strings, links): no invisible
 * control characters. Kept apart from the zod schemas so code in every page (links in the menu)
 * can use it without loading zod (decision 0194).
 */

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
