import { NotFoundError, NotYoursError } from "#server/domain/errors.ts";
import { notFound } from "./route-params.ts";

/**
 * The domain's "no such record" and "someone else's record" as the 404 page (SPEC §8): a page
 * or form of the site never tells that another's record exists. Anything else is left alone.
 */
export function notFoundIfUnknown(error: unknown): void {
  if (error instanceof NotFoundError || error instanceof NotYoursError) notFound();
}

/** Runs a domain lookup; its NotFoundError (or NotYoursError) becomes the 404 page. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    notFoundIfUnknown(error);
    throw error;
  }
}
