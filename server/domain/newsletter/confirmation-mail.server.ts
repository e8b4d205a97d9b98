import { and, eq, lt } from "drizzle-orm";
import { createElement } from "react";
import { oneTimeTokens } from "#server/db/schema/auth.ts";
import { newsletterSubscribers, type ConsentProof } from "#server/db/schema/newsletter.ts";
import { sendWithRetry } from "#server/mail/send-with-retry.server.ts";
import { NewsletterConfirmationMail } from "#server/mail/templates/newsletter-confirmation-mail.tsx";
import { renderMail } from "#server/mail/templates/render-mail.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { mailFrame } from "#server/domain/settings/mail-frame.server.ts";
import { confirmSubscriptionUrl, unsubscribePageUrl } from "./newsletter-links.ts";
import {
  CONFIRMATION_MAIL_HANDOVER_MS,
  DAY_MS,
  UNCONFIRMED_RETENTION_DAYS,
} from "./newsletter-rules.ts";
import { hashToken, newConfirmationToken, unsubscribeToken } from "./newsletter-tokens.server.ts";

interface OwedMail {
  id: number;
  email: string;
  consent: ConsentProof;
}

/**
 * Sends the double opt-in mail a subscriber is owed: a fresh link (its token stored hashed, with
 * the sign-up's proof of consent), then the mail. While the mail server is unreachable the mail
 * stays owed and the newsletter job tries again later.
 */
export async function deliverConfirmationMail(deps: DomainDeps, owed: OwedMail): Promise<boolean> {
  const token = newConfirmationToken();
  const now = deps.now();
  await deps.db.insert(oneTimeTokens).values({
    purpose: "newsletter_confirmation",
    tokenHash: hashToken(token),
    subscriberId: owed.id,
    payload: { ...owed.consent },
    expiresAt: new Date(now.getTime() + UNCONFIRMED_RETENTION_DAYS * DAY_MS),
  });
  const { config } = deps;
  const frame = await mailFrame(deps);
  const { html, text } = await renderMail(
    createElement(NewsletterConfirmationMail, {
      frame,
      confirmUrl: confirmSubscriptionUrl(config, token),
      unsubscribeUrl: unsubscribePageUrl(config, unsubscribeToken(config, owed.id)),
    }),
  );
  const result = await sendWithRetry(deps.mail, {
    to: owed.email,
    subject: `Bitte bestätige Deine Anmeldung zum Newsletter von ${frame.siteName}`,
    html,
    text,
  });
  if (result.outcome === "retry") return false;
  // Sent, refused for good, or possibly arrived: either way this mail is no longer owed.
  await deps.db
    .update(newsletterSubscribers)
    .set({ confirmationMailDueAt: null, lastConfirmationMailAt: deps.now() })
    .where(eq(newsletterSubscribers.id, owed.id));
  return result.outcome === "sent";
}

/**
 * The background half: confirmation mails still owed after their request gave up (mail server
 * down). Taking one over restarts its hand-over time, so a failing one is tried every few minutes.
 */
export async function deliverOwedConfirmationMails(deps: DomainDeps): Promise<number> {
  const handoverBefore = new Date(deps.now().getTime() - CONFIRMATION_MAIL_HANDOVER_MS);
  const owed = await deps.db
    .update(newsletterSubscribers)
    .set({ confirmationMailDueAt: deps.now() })
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        lt(newsletterSubscribers.confirmationMailDueAt, handoverBefore),
      ),
    )
    .returning({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      consent: newsletterSubscribers.consent,
    });
  let sent = 0;
  for (const subscriber of owed) {
    if (await deliverConfirmationMail(deps, subscriber)) sent++;
  }
  return sent;
}
