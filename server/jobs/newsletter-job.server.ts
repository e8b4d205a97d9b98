import type { DomainDeps } from "#server/domain/deps.ts";
import type { DeliveryOptions } from "#server/domain/newsletter/issue-delivery.server.ts";
import { runNewsletterDuties } from "#server/domain/newsletter/newsletter-duties.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the newsletter job (any fixed number unique among our locks). */
const NEWSLETTER_JOB_LOCK_KEY = 727_006;

/** One run of the newsletter's duties, by exactly one runner across all instances. */
export function runNewsletterJob(deps: DomainDeps, options: DeliveryOptions = {}) {
  return withAdvisoryLock(deps.db, NEWSLETTER_JOB_LOCK_KEY, () =>
    runNewsletterDuties(deps, options),
  );
}
