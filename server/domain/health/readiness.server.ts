import { sql } from "drizzle-orm";
import type { DomainDeps } from "#server/domain/deps.ts";

/** How long one dependency may take before the readiness check counts it as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export type DependencyName = "database" | "mail" | "storage";
export type CheckStatus = "ok" | "error" | "timeout";

export interface DependencyCheck {
  status: CheckStatus;
  /** Why it failed, for the log only (it may name hosts and paths). */
  reason?: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<DependencyName, DependencyCheck>;
}

class CheckTimeout extends Error {}

async function runCheck(
  check: () => Promise<unknown>,
  timeoutMs: number,
): Promise<DependencyCheck> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs);
  });
  try {
    await Promise.race([check(), deadline]);
    return { status: "ok" };
  } catch (error) {
    if (error instanceof CheckTimeout) {
      return { status: "timeout", reason: `no answer within ${timeoutMs} ms` };
    }
    return { status: "error", reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: the database answers a query, mail can go out (outbox
 * writable or SMTP server reachable) and the media store can be reached — all three at once,
 * each within `timeoutMs`.
 */
export async function checkReadiness(
  deps: DomainDeps,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, mail, storage] = await Promise.all([
    runCheck(() => deps.db.execute(sql`select 1`), timeoutMs),
    runCheck(() => deps.mail.check(), timeoutMs),
    runCheck(() => deps.storage.check(), timeoutMs),
  ]);
  const checks = { database, mail, storage };
  return { ready: Object.values(checks).every((check) => check.status === "ok"), checks };
}

/** Whether the database answers a query now (within `timeoutMs`). */
export async function databaseAnswers(deps: DomainDeps, timeoutMs = 1_000): Promise<boolean> {
  return (await runCheck(() => deps.db.execute(sql`select 1`), timeoutMs)).status === "ok";
}
