import { messages } from "#common/messages.ts";
import { NEWSLETTER_SIGNUP_FORMS } from "#common/newsletter-consent.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/** The longest address SMTP accepts (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 254;

export const newsletterEmail = text()
  .trim()
  .min(1, messages.required)
  .max(MAX_EMAIL_LENGTH, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail));

/**
 * POST /api/newsletter/subscribe/ (SPEC §3, §7): `{email}`. `confirm_email` is the hidden
 * honeypot — people leave it empty, form-filling bots do not. `form` names where the sign-up came
 * from (proof of consent).
 */
export const newsletterSubscribeBody = z.strictObject({
  email: newsletterEmail,
  confirm_email: text().max(MAX_EMAIL_LENGTH).optional(),
  form: z.enum(NEWSLETTER_SIGNUP_FORMS).optional(),
});

export type NewsletterSubscribeBody = z.infer<typeof newsletterSubscribeBody>;

/** A token from a confirmation or unsubscribe link. */
export const newsletterToken = text().trim().min(16).max(200);

/** The unsubscribe page without a link: the address to send an unsubscribe link to. */
export const newsletterUnsubscribeRequestSchema = z.object({ email: newsletterEmail });
