import { data } from "react-router";
import { isDatabaseId } from "#common/database-id.ts";

/** SPEC §8: a route whose parameters fail validation answers 404. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** A positive database id from a path segment, or the 404 page. */
export function parseId(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value) || !isDatabaseId(Number(value))) notFound();
  return Number(value);
}

/**
 * An id a form posted (text, or a number in a JSON post) as a positive database id, or the 404
 * page: anything else (a list, an object) is no id.
 */
export function parsePostedId(value: unknown): number {
  return parseId(
    typeof value === "string" || typeof value === "number" ? String(value) : undefined,
  );
}
