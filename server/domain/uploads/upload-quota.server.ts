import type { DomainDeps } from "#server/domain/deps.ts";
import { QuotaExceededError } from "#server/domain/errors.ts";

const HOUR_MS = 3_600_000;

/** "1 Minute", "12 Minuten": the wait, in whole minutes (at least one). */
const minutes = (seconds: number) => {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return count === 1 ? "1 Minute" : `${count} Minuten`;
};

export const uploadQuotaMessage = (perHour: number, retryAfterSeconds: number) =>
  `Du hast in dieser Stunde schon ${perHour} Bilder hochgeladen. Weitere kannst Du in ${minutes(retryAfterSeconds)} hochladen.`;

/**
 * Counts one image upload (flyer, ad image, club photo) against the account's hourly quota
 * (IMAGE_UPLOADS_PER_HOUR, decision 0198), in the counters every process shares; the hour
 * starts with the first upload. Over it: QuotaExceededError (429) with the German wait.
 */
export async function takeImageUpload(deps: DomainDeps, userId: number): Promise<void> {
  const now = deps.now();
  const perHour = deps.config.images.uploadsPerHour;
  const taken = await deps.counters.increment(`image-uploads:u${userId}`, {
    windowMs: HOUR_MS,
    now,
    slide: false,
  });
  if (taken.count <= perHour) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((taken.expiresAt.getTime() - now.getTime()) / 1000),
  );
  throw new QuotaExceededError(uploadQuotaMessage(perHour, retryAfterSeconds), retryAfterSeconds);
}
