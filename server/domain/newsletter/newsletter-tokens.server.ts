import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "#server/config.ts";

/** The stored form of a confirmation token: only its hash is kept. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newConfirmationToken(): string {
  return randomBytes(32).toString("base64url");
}

function unsubscribeMac(config: Config, subscriberId: number): string {
  return createHmac("sha256", config.tokenSecret)
    .update(`newsletter-unsubscribe:${subscriberId}`)
    .digest("base64url");
}

/**
 * The token of a subscriber's unsubscribe links: the id and an HMAC over it (decision 0041). It
 * never expires, needs no row per mail and is computed in microseconds for every recipient.
 */
export function unsubscribeToken(config: Config, subscriberId: number): string {
  return `${subscriberId}.${unsubscribeMac(config, subscriberId)}`;
}

/** The subscriber an unsubscribe token belongs to, or null when it is not genuine. */
export function subscriberIdOfUnsubscribeToken(config: Config, token: string): number | null {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const subscriberId = Number(match[1]);
  const expected = Buffer.from(unsubscribeMac(config, subscriberId));
  const given = Buffer.from(match[2]!);
  return timingSafeEqual(expected, given) ? subscriberId : null;
}
