import { LRUCache } from "lru-cache";

/**
 * Counters that belong to an account or a mailbox rather than to a client address (decision
 * 0091): failed password checks with their back-off, and mails a stranger can trigger. Kept in
 * the process, like the per-address limits; the clock is the domain's (`deps.now`).
 */
export interface AttemptLedger {
  /** Seconds `key` must wait before its next password check (0: it may try now). */
  backOffSeconds: (key: string, now: Date) => number;
  /** A failed check: after FREE_FAILURES the wait doubles with every failure, up to 15 minutes. */
  recordFailure: (key: string, now: Date) => void;
  /** A successful check forgets the failures. */
  forget: (key: string) => void;
  /** Takes one of `max` allowances of `key` in a sliding `windowMs`; false when none is left. */
  take: (key: string, max: number, windowMs: number, now: Date) => boolean;
}

/** Failures allowed before any wait: a person mistyping a few times never waits. */
export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** Failures are forgotten a day after the last one. */
const FAILURE_MEMORY_MS = 24 * 3_600_000;
/** Enough entries for a busy site; the oldest are dropped first (never a lock that lasts). */
const MAX_KEYS = 100_000;

interface Failures {
  count: number;
  lastAt: number;
}

function waitAfter(count: number): number {
  if (count < FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (count - FREE_FAILURES), LONGEST_WAIT_MS);
}

export function createAttemptLedger(): AttemptLedger {
  const failures = new LRUCache<string, Failures>({ max: MAX_KEYS });
  const allowances = new LRUCache<string, number[]>({ max: MAX_KEYS });
  return {
    backOffSeconds: (key, now) => {
      const entry = failures.get(key);
      if (!entry) return 0;
      const elapsed = now.getTime() - entry.lastAt;
      if (elapsed > FAILURE_MEMORY_MS) {
        failures.delete(key);
        return 0;
      }
      return Math.max(0, Math.ceil((waitAfter(entry.count) - elapsed) / 1000));
    },
    recordFailure: (key, now) => {
      const entry = failures.get(key);
      const fresh = !entry || now.getTime() - entry.lastAt > FAILURE_MEMORY_MS;
      failures.set(key, { count: fresh ? 1 : entry.count + 1, lastAt: now.getTime() });
    },
    forget: (key) => {
      failures.delete(key);
    },
    take: (key, max, windowMs, now) => {
      const since = now.getTime() - windowMs;
      const recent = (allowances.get(key) ?? []).filter((at) => at > since);
      if (recent.length >= max) {
        allowances.set(key, recent);
        return false;
      }
      allowances.set(key, [...recent, now.getTime()]);
      return true;
    },
  };
}
