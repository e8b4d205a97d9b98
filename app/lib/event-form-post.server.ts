import type { FormActionOptions } from "./form-action.server.ts";
import { lineupListFields, lineupValues } from "./lineup-post.ts";

const idOf = (value: unknown) =>
  typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;

const idsOf = (value: unknown) => (Array.isArray(value) ? value.map(idOf) : value);

/**
 * The event form's post as the shared schema reads it, whether the enhanced form sent JSON or
 * the browser posted the plain form (every field as text): ids as numbers, "no club" as null.
 * Anything else passes unchanged, so the schema refuses it with its own German messages.
 */
export function eventFormValues(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...lineupValues(values),
    location: values.location === "" ? null : idOf(values.location),
    organizers: idsOf(values.organizers),
    genres: idsOf(values.genres),
  };
}

/** How `formAction` reads the event form (create and edit alike). */
export const eventFormPost: FormActionOptions = {
  checkboxes: ["online", "draft", "allow_duplicate"],
  lists: ["organizers", "genres", "media", ...lineupListFields],
  mapValues: eventFormValues,
};
