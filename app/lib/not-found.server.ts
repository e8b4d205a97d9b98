import { NotFoundError } from "#server/domain/errors.ts";
import { notFound } from "./route-params.ts";

/** Runs a domain lookup; its NotFoundError becomes the 404 page. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}
