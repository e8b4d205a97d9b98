import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import {
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterSignupForm,
} from "#common/newsletter-consent.ts";
import { newsletterSubscribers, type ConsentProof } from "#server/db/schema/newsletter.ts";
import { countAttempt, type ClientAddress } from "#server/domain/address-limits.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { takeUnsolicitedMailAllowance } from "#server/domain/unsolicited-mail.server.ts";
import { deliverConfirmationMail } from "./confirmation-mail.server.ts";
import { CONFIRMATION_MAIL_INTERVAL_MS } from "./newsletter-rules.ts";
import { queryRows } from "#server/db/query-rows.server.ts";

export interface SignupRequest {
  /** A valid address (common/schemas/newsletter.ts). */
  email: string;
  /** The hidden honeypot field; anything in it marks a bot. */
  honeypot?: string;
  form: NewsletterSignupForm;
  /** Who signs up: counted per address, and the address kept as proof of consent. */
  client: ClientAddress;
  userAgent: string | null;
}

export interface SignupResult {
  /**
   * The confirmation mail on its way, if one is owed. Callers answer without waiting for it, so
   * the answer takes as long for a known address as for a new one.
   */
  delivery: Promise<void>;
}

const nothingToDeliver: SignupResult = { delivery: Promise.resolve() };

/**
 * A newsletter sign-up (double opt-in). Every outcome looks the same to the caller: whether the
 * address is new, waiting for confirmation, already subscribed or a bot's, it is told the same
 * thing. An unconfirmed address signing up again gets a new confirmation mail, at most one a
 * minute and three an hour (the per-recipient cap of decision 0091). Sign-ups are counted per
 * client address, bots' included (decision 0197).
 */
export async function subscribe(deps: DomainDeps, request: SignupRequest): Promise<SignupResult> {
  await countAttempt(deps, "newsletterSignup", request.client);
  if (request.honeypot) return nothingToDeliver;
  const now = deps.now();
  const consent: ConsentProof = {
    signedUpAt: now.toISOString(),
    ip: request.client.ip,
    userAgent: request.userAgent?.slice(0, 500) ?? null,
    form: request.form,
    wordingVersion: NEWSLETTER_CONSENT_VERSION,
  };
  // A confirmed subscription stays as it is; anything else becomes a fresh pending sign-up.
  const [inserted] = await queryRows<{ id: number }>(
    deps.db,
    sql`
    insert into ${newsletterSubscribers} (email, consent, signed_up_at)
    values (${request.email}, ${JSON.stringify(consent)}::jsonb, ${now.toISOString()})
    on conflict ((lower(email))) do update
      set status = 'pending', consent = excluded.consent, signed_up_at = excluded.signed_up_at,
          confirmed_at = null, unsubscribed_at = null
      where ${newsletterSubscribers.status} <> 'confirmed'
    returning id`,
  );
  const subscriberId = inserted?.id;
  if (subscriberId === undefined) return nothingToDeliver;

  // Claims the right to one confirmation mail, atomically, so parallel sign-ups send one.
  const [owed] = await deps.db
    .update(newsletterSubscribers)
    .set({ confirmationMailDueAt: now })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriberId),
        isNull(newsletterSubscribers.confirmationMailDueAt),
        or(
          isNull(newsletterSubscribers.lastConfirmationMailAt),
          lte(
            newsletterSubscribers.lastConfirmationMailAt,
            new Date(now.getTime() - CONFIRMATION_MAIL_INTERVAL_MS),
          ),
        ),
      ),
    )
    .returning({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      consent: newsletterSubscribers.consent,
    });
  if (!owed) return nothingToDeliver;
  if (!(await takeUnsolicitedMailAllowance(deps, owed.email))) {
    await deps.db
      .update(newsletterSubscribers)
      .set({ confirmationMailDueAt: null })
      .where(eq(newsletterSubscribers.id, owed.id));
    return nothingToDeliver;
  }
  return { delivery: deliverConfirmationMail(deps, owed).then(() => undefined) };
}
