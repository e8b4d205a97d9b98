import type { DomainDeps } from "#server/domain/deps.ts";
import { publishDueParties } from "#server/domain/events/scheduled-publication.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the scheduled publication job (unique among our locks). */
const PUBLICATION_JOB_LOCK_KEY = 727_036;

/** One run of the parties due to be published (decision 0236), by exactly one runner. */
export function runPublicationJob(deps: DomainDeps) {
  return withAdvisoryLock(deps.db, PUBLICATION_JOB_LOCK_KEY, () => publishDueParties(deps));
}
