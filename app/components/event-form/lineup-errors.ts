import type { FormResult } from "#app/lib/form-result.ts";

interface ErrorNode {
  message?: string;
  root?: ErrorNode;
  [key: string]: unknown;
}

/** A line-up message and the entry it is about (null: the whole line-up, or the server's). */
export interface LineupError {
  entry: number | null;
  message: string;
}

/**
 * The line-up's messages in one list: the server's (before React runs) or the form's, whose
 * errors nest per entry and field.
 */
export function lineupErrorsOf(errors: unknown, result: FormResult | undefined): LineupError[] {
  if (result) return (result.fieldErrors.lineup ?? []).map((message) => ({ entry: null, message }));
  const found: LineupError[] = [];
  const collect = (node: unknown, entry: number | null) => {
    if (!node || typeof node !== "object") return;
    const { message, root, ...children } = node as ErrorNode;
    if (typeof message === "string") {
      const prefixed =
        entry === null || message.startsWith("Eintrag")
          ? message
          : `Eintrag ${entry + 1}: ${message}`;
      if (!found.some((error) => error.message === prefixed))
        found.push({ entry, message: prefixed });
    }
    collect(root, entry);
    for (const [key, child] of Object.entries(children)) {
      if (key === "ref" || key === "type" || key === "types") continue;
      collect(child, entry ?? (/^\d+$/.test(key) ? Number(key) : null));
    }
  };
  collect(errors, null);
  return found;
}
