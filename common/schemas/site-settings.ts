import { messages } from "#common/messages.ts";
import { isWebUrl } from "./account.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

const requiredText = (maximum: number) =>
  text().trim().min(1, messages.required).max(maximum, messages.tooLong(maximum));
const optionalText = (maximum: number) => text().trim().max(maximum, messages.tooLong(maximum));
const optionalWebUrl = text()
  .trim()
  .max(300, messages.tooLong(300))
  .refine((value) => value === "" || isWebUrl(value), messages.invalidUrl);
const optionalId = (pattern: RegExp, example: string) =>
  text()
    .trim()
    .refine((value) => value === "" || pattern.test(value), `Bitte im Format ${example}.`);

/**
 * The settings an operator edits in the admin area; the environment gives each one's default
 * on first start. Money in cents.
 */
export const siteSettingsSchema = z.strictObject({
  /** The price of one week as a top event (the SPEC leaves it open: decision 0060). */
  topEventPricePerWeekCents: z.number().int().min(100).max(1_000_000),
  /** Whether a paid ad waits for an admin's approval before it goes live. */
  adsNeedApproval: z.boolean(),
  /** Invoices with the § 19 UStG small-business note, or with 19 % VAT (decision 0068). */
  vatMode: z.enum(["small_business", "standard"]),
  // Admin area (decision 0070): the site, its operator, social profiles, analytics, newsletter,
  // moderation.
  siteName: requiredText(60),
  cityName: requiredText(60),
  operatorName: requiredText(120),
  /** Street, postcode and town; several lines allowed. */
  operatorAddress: requiredText(300),
  operatorEmail: text().trim().pipe(z.email(messages.invalidEmail)),
  operatorPhone: optionalText(40),
  operatorVatId: optionalText(40),
  /** Name and seat of the hosting company (privacy policy). */
  operatorHoster: requiredText(200),
  socialInstagramUrl: optionalWebUrl,
  socialTiktokUrl: optionalWebUrl,
  socialFacebookUrl: optionalWebUrl,
  socialWhatsappUrl: optionalWebUrl,
  googleTagManagerId: optionalId(/^GTM-[A-Z0-9]+$/, "GTM-XXXXXXX"),
  googleAnalyticsId: optionalId(/^G-[A-Z0-9]+$/, "G-XXXXXXXXXX"),
  clarityProjectId: optionalId(/^[a-z0-9]{6,20}$/, "abcdef1234"),
  /** The hour (city time) the Thursday newsletter goes out. */
  newsletterSendHour: z.number().int().min(0).max(23),
  /** Whether events of organisers without an approved event wait for an admin. */
  eventsNeedApproval: z.boolean(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
