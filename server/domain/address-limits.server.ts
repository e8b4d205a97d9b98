import { isIPv6 } from "node:net";
import { Address6 } from "ip-address";
import type { CounterState } from "#server/counters/shared-counters.ts";
import type { DomainDeps } from "./deps.ts";
import { TooManyAttemptsError } from "./errors.ts";

/**
 * Limits per client address on what anyone may try without an account (decisions 0031, 0197):
 * an attacker slows down without locking the real user out of their account. Each belongs to an
 * action and is counted by that action's domain function, so the JSON API and the site's forms
 * share one allowance per address and cannot offer the action without it.
 */
export const addressLimits = {
  /** `checkCredentials`. */
  login: { max: 10, windowMs: 60_000 },
  /** `registerUser`. */
  register: { max: 10, windowMs: 3_600_000 },
  /** `requestPasswordReset` and `resetPassword`, together. */
  passwordReset: { max: 5, windowMs: 900_000 },
  /** `requestUnsubscribeLink` (the unsubscribe page without a link). */
  unsubscribeLink: { max: 5, windowMs: 900_000 },
  /** `subscribe`, "Für Dich" included. */
  newsletterSignup: { max: 10, windowMs: 900_000 },
  /** `reportEvent` ("Fehler melden"). */
  report: { max: 10, windowMs: 900_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;

export type AddressLimitKind = keyof typeof addressLimits;

/** Who asks: the client's address, and the limits this request was already counted against. */
export interface ClientAddress {
  /** The request's address (behind a trusted proxy the forwarded one, decision 0090). */
  readonly ip: string;
  readonly counted: Set<AddressLimitKind>;
}

/** The client of one request; make one per request. */
export function clientAddress(ip: string): ClientAddress {
  return { ip, counted: new Set() };
}

/** IPv6 clients are counted by their /64, which one client holds whole; IPv4 by address. */
function networkOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${address.correctForm()}/64`).startAddress().correctForm();
}

/**
 * Counts one attempt of `kind` from the client's address, once per request: an API route may
 * count it before it reads the body (so malformed requests count too), and the domain function
 * then does not count it again. Over the limit: TooManyAttemptsError with the wait (429).
 *
 * Request rates run on the real clock, as the global rate does: the domain's clock is fixed in
 * tests and demos and would never end a window. If the counters cannot be reached the attempt
 * goes through, as a request does past the global rate (decision 0110).
 */
export async function countAttempt(
  deps: DomainDeps,
  kind: AddressLimitKind,
  client: ClientAddress,
): Promise<void> {
  if (client.counted.has(kind)) return;
  client.counted.add(kind);
  const { max, windowMs } = addressLimits[kind];
  const now = new Date();
  let counted: CounterState;
  try {
    counted = await deps.counters.increment(`address:${kind}:${networkOf(client.ip)}`, {
      windowMs,
      now,
      slide: false,
    });
  } catch {
    return;
  }
  if (counted.count <= max) return;
  const waitMs = counted.expiresAt.getTime() - now.getTime();
  throw new TooManyAttemptsError(Math.max(1, Math.ceil(waitMs / 1000)));
}
