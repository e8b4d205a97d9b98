import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { toWallClock } from "#common/dates.ts";
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

/** Today's calendar day in the city, "YYYY-MM-DD". */
export function cityDay(deps: DomainDeps): string {
  const wall = toWallClock(deps.now(), deps.config.city.timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
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
