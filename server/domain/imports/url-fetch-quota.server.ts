import type { DomainDeps } from "#server/domain/deps.ts";
import { QuotaExceededError } from "#server/domain/errors.ts";

const HOUR_MS = 3_600_000;

/** Addresses one account may have fetched an hour: sources added or fetched now, pages taken over. */
export const URL_FETCHES_PER_HOUR = 30;

/**
 * Counts one fetch an account asked for (decision 0235) in the counters every process shares;
 * over the hour's allowance: QuotaExceededError (429) with the German wait. The scheduler's own
 * runs are not counted.
 */
export async function takeUrlFetch(deps: DomainDeps, userId: number): Promise<void> {
  const now = deps.now();
  const taken = await deps.counters.increment(`url-fetches:u${userId}`, {
    windowMs: HOUR_MS,
    now,
    slide: false,
  });
  if (taken.count <= URL_FETCHES_PER_HOUR) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((taken.expiresAt.getTime() - now.getTime()) / 1000),
  );
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  throw new QuotaExceededError(
    `Du hast in dieser Stunde schon ${URL_FETCHES_PER_HOUR} Adressen abrufen lassen. Versuch es in ${minutes === 1 ? "1 Minute" : `${minutes} Minuten`} wieder.`,
    retryAfterSeconds,
  );
}
