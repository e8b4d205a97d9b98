import type { MailMessage } from "#server/mail/mailer.server.ts";
import type { DomainDeps } from "./deps.ts";

/** At most this many mails an hour that a stranger can cause go to one address (decision 0091). */
export const UNSOLICITED_MAILS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/**
 * Sends a mail that anyone who knows an address can cause — reset links, "you already have an
 * account", confirmation links, e-mail change links — unless that address already got its
 * allowance this hour. Over it the mail is dropped silently: the request answers the same, so a
 * flood neither reaches the mailbox nor tells the sender anything.
 */
export async function sendUnsolicitedMail(deps: DomainDeps, message: MailMessage): Promise<void> {
  if (!(await takeUnsolicitedMailAllowance(deps, message.to))) return;
  await deps.mail.send(message);
}

/**
 * Counts one unsolicited mail to `to` against its hourly allowance; false when it is used up
 * (then the mail is not sent). For senders with their own delivery (newsletter confirmations).
 */
export async function takeUnsolicitedMailAllowance(deps: DomainDeps, to: string): Promise<boolean> {
  const recipient = `mail:${to.trim().toLowerCase()}`;
  return deps.attempts.take(recipient, UNSOLICITED_MAILS_PER_HOUR, HOUR_MS, deps.now());
}
