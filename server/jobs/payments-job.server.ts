import type { DomainDeps } from "#server/domain/deps.ts";
import { runPaymentDuties } from "#server/domain/payments/payment-duties.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the payments job (unique among our locks). */
const PAYMENTS_JOB_LOCK_KEY = 727_011;

/** One run of the payments duties, by exactly one runner across all instances. */
export function runPaymentsJob(deps: DomainDeps) {
  return withAdvisoryLock(deps.db, PAYMENTS_JOB_LOCK_KEY, () => runPaymentDuties(deps));
}
