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
  const recipient = `mail:${message.to.trim().toLowerCase()}`;
  if (!deps.attempts.take(recipient, UNSOLICITED_MAILS_PER_HOUR, HOUR_MS, deps.now())) return;
  await deps.mail.send(message);
}
