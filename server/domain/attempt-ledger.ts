import type { SharedCounters } from "#server/counters/shared-counters.ts";

/**
 * Counters that belong to an account or a mailbox rather than to a client address (decision
 * 0091): failed password checks with their back-off, and mails a stranger can trigger. Kept in
 * the counters every process shares (decision 0110); the clock is the domain's (`deps.now`).
 */
export interface AttemptLedger {
  /**
   * Takes a password check of `key` before it runs, counted as a failure until `forget`
   * (decision 0197): answers 0, or the seconds `key` must wait first — after FREE_FAILURES the
   * wait doubles with every failure, up to 15 minutes. Atomic, so checks that arrive together
   * never slip past the wait together.
   */
  claimCheck: (key: string, now: Date) => Promise<number>;
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

/** The wait after 0, 1, 2, … failures: none for the free ones, then doubling up to the longest. */
const WAITS_MS: readonly number[] = (() => {
  const waits: number[] = Array<number>(FREE_FAILURES).fill(0);
  for (let wait = FIRST_WAIT_MS; wait < LONGEST_WAIT_MS; wait *= 2) waits.push(wait);
  return [...waits, LONGEST_WAIT_MS];
})();

const failuresOf = (key: string) => `failures:${key}`;
const allowancesOf = (key: string) => `allowances:${key}`;

export function createAttemptLedger(counters: SharedCounters): AttemptLedger {
  return {
    claimCheck: async (key, now) => {
      const waitMs = await counters.incrementUnlessWaiting(failuresOf(key), {
        windowMs: FAILURE_MEMORY_MS,
        now,
        slide: true,
        waitsMs: WAITS_MS,
      });
      return Math.ceil(waitMs / 1000);
    },
    forget: (key) => counters.remove(failuresOf(key)),
    take: async (key, max, windowMs, now) => {
      const taken = await counters.increment(allowancesOf(key), { windowMs, now, slide: false });
      return taken.count <= max;
    },
  };
}
