import { z } from "./german-errors.ts";

/**
 * The settings an operator edits in the admin area; the environment gives each one's default
 * on first start. Money in cents.
 */
export const siteSettingsSchema = z.strictObject({
  /** The price of one week as a top event (the SPEC leaves it open: decision 0060). */
  topEventPricePerWeekCents: z.number().int().min(100).max(1_000_000),
  /** Whether a paid ad waits for an admin's approval before it goes live. */
  adsNeedApproval: z.boolean(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
