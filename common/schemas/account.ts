import { PASSWORD_MIN_LENGTH } from "#common/constants.ts";
import { messages } from "#common/messages.ts";
import { parseHttpUrl } from "#common/safe-url.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/** The account forms' fields, shared by the browser, the API and the domain. */

const PASSWORD_MAX_LENGTH = 1024;

export const emailField = text()
  .trim()
  .min(1, messages.required)
  .max(254, messages.tooLong(254))
  .pipe(z.email(messages.invalidEmail));

/** Any password someone may already have (login, current password). */
const existingPasswordField = text()
  .min(1, messages.required)
  .max(PASSWORD_MAX_LENGTH, messages.tooLong(PASSWORD_MAX_LENGTH));

/** A new password: at least 8 characters, no composition rules (decision 0031). */
const newPasswordField = existingPasswordField.superRefine((password, context) => {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    context.addIssue({
      code: "custom",
      message: messages.passwordTooShort(PASSWORD_MIN_LENGTH, length),
    });
  }
});

const displayNameField = text().trim().min(1, messages.required).max(60, messages.tooLong(60));

export const loginSchema = z.object({ email: emailField, password: existingPasswordField });

const acceptTermsMessage = "Bitte stimme den Nutzungsbedingungen und der Datenschutzerklärung zu.";

export const registerSchema = z.object({
  email: emailField,
  password: newPasswordField,
  display_name: displayNameField,
  organizer_name: text().trim().max(80, messages.tooLong(80)).default(""),
  accept_terms: z.boolean().refine((accepted) => accepted, acceptTermsMessage),
  /** The honeypot: hidden from people, filled in by bots. */
  contact_email: text().max(254).default(""),
});

export const passwordChangeSchema = z.object({
  current_password: existingPasswordField,
  new_password: newPasswordField,
});

/** `npm run admin:create`: the address, and a password when the account is new. */
export const adminEmailSchema = z.object({ email: emailField });
export const newAdminSchema = z.object({ email: emailField, password: newPasswordField });
/** The first admin, made through the setup link of a fresh site (decision 0202). */
export const adminSetupSchema = newAdminSchema.extend({ token: text().min(1).max(200) });

export const passwordResetRequestSchema = z.object({ email: emailField });

export const passwordResetConfirmSchema = z.object({
  token: text().min(1, messages.required).max(200),
  new_password: newPasswordField,
});

export const confirmEmailSchema = z.object({
  token: text().min(1, messages.required).max(200),
});

/** Name and e-mail; a new address needs the current password as proof (issue 15). */
export const profileSchema = z.object({
  display_name: displayNameField,
  email: emailField,
  current_password: text()
    .max(PASSWORD_MAX_LENGTH, messages.tooLong(PASSWORD_MAX_LENGTH))
    .default(""),
});

export const undoEmailChangeSchema = z.object({
  token: text().min(1, messages.required).max(200),
});

/** Instagram and TikTok names without the "@" the inputs show in front. */
const socialHandle = text()
  .trim()
  .transform((handle) => handle.replace(/^@/, ""))
  .pipe(
    text()
      .max(30, messages.tooLong(30))
      .regex(/^[A-Za-z0-9._]*$/, "Nur Buchstaben, Ziffern, Punkt und Unterstrich."),
  );

const optionalWebUrl = text()
  .trim()
  .max(300, messages.tooLong(300))
  .refine((value) => value === "" || isWebUrl(value), messages.invalidUrl);

/** A link the site will show (common/safe-url.ts) to a named host ("example.org", not "localhost"). */
export function isWebUrl(value: string): boolean {
  return parseHttpUrl(value)?.hostname.includes(".") ?? false;
}

export const organizerProfileSchema = z.object({
  name: text().trim().min(1, messages.required).max(80, messages.tooLong(80)),
  description: text().trim().max(2000, messages.tooLong(2000)).default(""),
  website: optionalWebUrl.default(""),
  instagram: socialHandle.default(""),
  tiktok: socialHandle.default(""),
  facebook: optionalWebUrl.default(""),
});

export const deleteAccountSchema = z.object({ password: existingPasswordField });
export type OrganizerProfileInput = z.output<typeof organizerProfileSchema>;
