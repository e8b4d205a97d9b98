/** One counter's state: hits in its window, the last hit, and when the window ends. */
export interface CounterState {
  count: number;
  lastAt: Date;
  expiresAt: Date;
}

export interface CounterHit {
  /** How long a window lasts. */
  windowMs: number;
  /** The caller's clock (the domain's `deps.now`, or the real one for request rates). */
  now: Date;
  /** true: every hit moves the end of the window to now + windowMs; false: the first hit fixes it. */
  slide: boolean;
}

export interface WaitingHit extends CounterHit {
  /**
   * How long after its last hit a counter at `n` hits makes the next one wait: `waitsMs[n]`, and
   * the last entry for any higher count.
   */
  waitsMs: readonly number[];
}

/**
 * Counters that every process of the site shares (decision 0110): Redis when REDIS_URL is set,
 * else a table in the database. A counter whose window has ended reads as absent, and the next
 * hit starts it again at 1.
 */
export interface SharedCounters {
  /** Counts one hit atomically and answers the state after it. */
  increment: (key: string, hit: CounterHit) => Promise<CounterState>;
  /**
   * Counts one hit unless the counter still makes it wait, atomically: hits that arrive together
   * never pass one wait together. Answers 0 when the hit is counted, else the milliseconds left.
   */
  incrementUnlessWaiting: (key: string, hit: WaitingHit) => Promise<number>;
  /** The state at `now`, or undefined when the counter is absent or its window has ended. */
  read: (key: string, now: Date) => Promise<CounterState | undefined>;
  remove: (key: string) => Promise<void>;
  /** Deletes counters whose window ended before `now` (Redis expires them by itself). */
  sweep: (now: Date) => Promise<void>;
  close: () => Promise<void>;
  /**
   * Whether a hit is cheap enough to count every request (a round trip to Redis), or costs a
   * database write that must be kept for rare events (logins, mails).
   */
  countsEveryRequest: boolean;
}
