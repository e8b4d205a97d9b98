import type { SharedCounters } from "#server/counters/shared-counters.ts";

/**
 * Counters that belong to an account or a mailbox rather than to a client address (decision
 * 0091): failed password checks with their back-off, and mails a stranger can trigger. Kept in
 * the counters every process shares (decision 0110); the clock is the domain's (`deps.now`).
 */
export interface AttemptLedger {
  /** Seconds `key` must wait before its next password check (0: it may try now). */
  backOffSeconds: (key: string, now: Date) => Promise<number>;
  /** A failed check: after FREE_FAILURES the wait doubles with every failure, up to 15 minutes. */
  recordFailure: (key: string, now: Date) => Promise<void>;
  /** A successful check forgets the failures. */
  forget: (key: string) => Promise<void>;
  /**
   * Takes one of `max` allowances of `key` in a window of `windowMs` that starts with the first
   * take; false when none is left.
   */
  take: (key: string, max: number, windowMs: number, now: Date) => Promise<boolean>;
}

/** Failures allowed before any wait: a person mistyping a few times never waits. */
export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** Failures are forgotten a day after the last one. */
const FAILURE_MEMORY_MS = 24 * 3_600_000;

function waitAfter(count: number): number {
  if (count < FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (count - FREE_FAILURES), LONGEST_WAIT_MS);
}

const failuresOf = (key: string) => `failures:${key}`;
const allowancesOf = (key: string) => `allowances:${key}`;

export function createAttemptLedger(counters: SharedCounters): AttemptLedger {
  return {
    backOffSeconds: async (key, now) => {
      const failures = await counters.read(failuresOf(key), now);
      if (!failures) return 0;
      const elapsed = now.getTime() - failures.lastAt.getTime();
      return Math.max(0, Math.ceil((waitAfter(failures.count) - elapsed) / 1000));
    },
    recordFailure: async (key, now) => {
      await counters.increment(failuresOf(key), { windowMs: FAILURE_MEMORY_MS, now, slide: true });
    },
    forget: (key) => counters.remove(failuresOf(key)),
    take: async (key, max, windowMs, now) => {
      const taken = await counters.increment(allowancesOf(key), { windowMs, now, slide: false });
      return taken.count <= max;
    },
  };
}
