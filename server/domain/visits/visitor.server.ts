import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { DomainDeps } from "#server/domain/deps.ts";

/** What a request tells about who is looking: never stored as such. */
export interface Visitor {
  ip: string;
  userAgent: string | undefined;
}

/** True for crawlers, link previewers and visitors without a user agent: their views don't count. */
export function isAutomated(visitor: Visitor): boolean {
  return !visitor.userAgent || isbot(visitor.userAgent);
}

/**
 * A salted hash naming one visitor on one day (decision 0014): the same address and browser
 * give the same hash all day, and nothing links it to the next day or back to the address.
 */
export function visitorDayHash(deps: DomainDeps, visitor: Visitor, day: string): string {
  return createHash("sha256")
    .update(
      `${deps.config.tokenSecret}\u0000${day}\u0000${visitor.ip}\u0000${visitor.userAgent ?? ""}`,
    )
    .digest("base64url");
}
