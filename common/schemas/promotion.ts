import { AD_DURATIONS } from "#common/constants.ts";
import { isIsoDay } from "#common/dates.ts";
import { messages } from "#common/messages.ts";
import { AD_PLACEMENTS, type SoldAdPlacement } from "#common/promotion-products.ts";
import { isWebUrl } from "./account.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/**
 * The paid-promotion forms (top event, ad booking, ad editing): one schema each for the
 * browser, the API and the domain. Amounts are never fields: the server computes them.
 */

export const acceptBookingTermsMessage = "Bitte akzeptiere die AGB für Buchungen.";

const acceptBookingTerms = z.boolean().refine((accepted) => accepted, acceptBookingTermsMessage);

/** A key the form sends with every submit: the same key twice is the same order. */
const orderKey = text()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Ungültiger Bestellschlüssel.");

const choice = (maximum: number) =>
  z.coerce
    .number({ error: messages.invalidChoice })
    .int(messages.invalidChoice)
    .min(1, messages.invalidChoice)
    .max(maximum, messages.invalidChoice);

/**
 * The buyer's name and postal address for the invoice, both optional (business buyers need
 * them); kept in the account for the next booking. Empty means "none".
 */
export const billingAddressSchema = z.object({
  billing_name: text().trim().max(120, messages.tooLong(120)).optional(),
  billing_address: text().trim().max(300, messages.tooLong(300)).optional(),
});

export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/** The top event is one product, "bis zur Party" (decision 0210): nothing to choose but the terms. */
export const topEventOrderSchema = billingAddressSchema.extend({
  accept_terms: acceptBookingTerms,
  order_key: orderKey.optional(),
});

export type TopEventOrderInput = z.input<typeof topEventOrderSchema>;

const targetUrl = text()
  .trim()
  .min(1, messages.required)
  .max(500, messages.tooLong(500))
  .refine(isWebUrl, messages.invalidUrl);

/** The creative: what an ad shows and where it leads; editable after payment. */
export const adCreativeSchema = z.object({
  title: text().trim().min(1, messages.required).max(80, messages.tooLong(80)),
  image: text().trim().min(1, "Bitte lade ein Bild hoch.").max(200),
  target_url: targetUrl,
});

export type AdCreativeInput = z.input<typeof adCreativeSchema>;

export const adBookingSchema = adCreativeSchema.extend({
  ...billingAddressSchema.shape,
  placement: z.enum(
    AD_PLACEMENTS.map((placement) => placement.id) as [SoldAdPlacement, ...SoldAdPlacement[]],
    { error: messages.invalidChoice },
  ),
  start_date: text().trim().min(1, messages.required).refine(isIsoDay, messages.invalidDate),
  duration: choice(AD_DURATIONS.length),
  accept_terms: acceptBookingTerms,
  order_key: orderKey.optional(),
});

export type AdBookingInput = z.input<typeof adBookingSchema>;

export const adRejectionSchema = z.object({
  reason: text().trim().min(1, messages.required).max(500, messages.tooLong(500)),
});
