import type { DomainDeps } from "./deps.ts";
import { TooManyAttemptsError } from "./errors.ts";

/**
 * Every place that checks a password goes through here (decision 0091): the login per account
 * (by address, known or not), the current password per user. Failures cost a growing wait —
 * never a lock that outlasts 15 minutes, so an attacker cannot shut the owner out for good.
 */
export type PasswordCheckKey = { login: string } | { currentPasswordOf: number };

const keyOf = (key: PasswordCheckKey) =>
  "login" in key ? `login:${key.login.trim().toLowerCase()}` : `current:${key.currentPasswordOf}`;

/**
 * Runs `check` unless the key is waiting (TooManyAttemptsError). The attempt is counted as a
 * failure before `check` runs and forgotten when it passes (decision 0197): requests arriving
 * together cannot all read "no wait" and all be checked.
 */
export async function checkPasswordAttempt(
  deps: DomainDeps,
  key: PasswordCheckKey,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const id = keyOf(key);
  const wait = await deps.attempts.claimCheck(id, deps.now());
  if (wait > 0) throw new TooManyAttemptsError(wait);
  const passed = await check();
  if (passed) await deps.attempts.forget(id);
  return passed;
}
