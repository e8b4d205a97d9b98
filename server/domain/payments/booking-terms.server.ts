import { eq } from "drizzle-orm";
import { pages } from "#server/db/schema/content.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** The page that holds the booking terms (default text: pages/legal-texts.ts). */
export const BOOKING_TERMS_SLUG = "agb";

/** The default template's version, until an operator edits the page. */
const DEFAULT_TERMS_VERSION = "agb-vorlage-2026-12";

/** The version of the booking terms shown right now: stored with every order its buyer accepts. */
export async function currentBookingTermsVersion(deps: DomainDeps): Promise<string> {
  const [row] = await deps.db
    .select({ updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.slug, BOOKING_TERMS_SLUG))
    .limit(1);
  return row ? `agb-${row.updatedAt.toISOString()}` : DEFAULT_TERMS_VERSION;
}
