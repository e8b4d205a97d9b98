import type { MailMessage } from "#server/mail/mailer.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { messageMail } from "#server/domain/message-mail.server.ts";

/** The account mails (and other short mails to users): a greeting, some lines, maybe one link. */

/** An account mail signed with the site's name from the settings; `subject` may use it too. */
export function accountMail(
  deps: DomainDeps,
  to: string,
  subject: string | ((siteName: string) => string),
  lines: string[],
  link?: { label: string; url: string },
): Promise<MailMessage> {
  return messageMail(deps, { to, subject, paragraphs: lines, link });
}

function confirmationLink(deps: DomainDeps, token: string): string {
  return `${deps.config.publicUrl}/user/login?bestaetigung=${encodeURIComponent(token)}`;
}

export function emailConfirmationMail(
  deps: DomainDeps,
  to: string,
  token: string,
): Promise<MailMessage> {
  return accountMail(
    deps,
    to,
    (site) => `Bitte bestätige Deine E-Mail-Adresse bei ${site}`,
    [
      "Schön, dass Du dabei bist! Bitte bestätige Deine E-Mail-Adresse, dann kannst Du Dich anmelden und Deine Partys eintragen.",
      "Der Link gilt sieben Tage.",
    ],
    { label: "E-Mail-Adresse bestätigen", url: confirmationLink(deps, token) },
  );
}

export function accountExistsMail(deps: DomainDeps, to: string): Promise<MailMessage> {
  return accountMail(
    deps,
    to,
    (site) => `Du hast schon ein Konto bei ${site}`,
    [
      "Jemand wollte sich gerade mit dieser E-Mail-Adresse registrieren. Du hast aber schon ein Konto.",
      "Wenn Du Dein Passwort vergessen hast, kannst Du es hier neu setzen. Warst Du das nicht, kannst Du diese E-Mail einfach ignorieren.",
    ],
    { label: "Passwort neu setzen", url: `${deps.config.publicUrl}/user/passwort-vergessen` },
  );
}

export function emailChangeMail(deps: DomainDeps, to: string, token: string): Promise<MailMessage> {
  return accountMail(
    deps,
    to,
    (site) => `Bitte bestätige Deine neue E-Mail-Adresse bei ${site}`,
    [
      "Du möchtest Deine E-Mail-Adresse ändern. Bestätige bitte, dass diese Adresse Dir gehört.",
      "Der Link gilt 24 Stunden.",
    ],
    { label: "Neue E-Mail-Adresse bestätigen", url: confirmationLink(deps, token) },
  );
}

/** To the owner of an address someone else asked to move their account to. */
export function addressAlreadyInUseMail(deps: DomainDeps, to: string): Promise<MailMessage> {
  return accountMail(
    deps,
    to,
    (site) => `Deine E-Mail-Adresse bei ${site} wurde für ein anderes Konto angegeben`,
    [
      "Jemand wollte gerade die E-Mail-Adresse eines anderen Kontos auf diese Adresse ändern. Sie gehört aber schon zu Deinem Konto, daher ändert sich nichts.",
      "Du musst nichts tun. Wenn Du Dein Passwort vergessen hast, kannst Du es hier neu setzen.",
    ],
    { label: "Passwort neu setzen", url: `${deps.config.publicUrl}/user/passwort-vergessen` },
  );
}

/** To the old address: the change was asked for; one link undoes it and locks the account. */
export function emailChangeNoticeMail(
  deps: DomainDeps,
  to: string,
  newEmail: string,
  undoToken: string,
): Promise<MailMessage> {
  return accountMail(
    deps,
    to,
    (site) => `Deine E-Mail-Adresse bei ${site} soll geändert werden`,
    [
      `Für Dein Konto wurde eine neue E-Mail-Adresse angegeben: ${newEmail}. Sie gilt, sobald sie bestätigt ist.`,
      "Warst Du das nicht? Dann mach die Änderung über den Link rückgängig: Wir sperren Dein Konto und beenden alle Anmeldungen, bis Du Dich bei uns meldest. Der Link gilt eine Woche.",
    ],
    {
      label: "Änderung rückgängig machen und Konto sperren",
      url: `${deps.config.publicUrl}/user/email-zuruecknehmen?token=${encodeURIComponent(undoToken)}`,
    },
  );
}

export function passwordResetMail(
  deps: DomainDeps,
  to: string,
  token: string,
): Promise<MailMessage> {
  return accountMail(
    deps,
    to,
    (site) => `Dein neues Passwort für ${site}`,
    [
      "Du hast ein neues Passwort angefordert. Über den Link kannst Du es setzen; er gilt eine Stunde und nur einmal.",
      "Warst Du das nicht, ignoriere diese E-Mail einfach: Dein Passwort bleibt, wie es ist.",
    ],
    {
      label: "Neues Passwort setzen",
      url: `${deps.config.publicUrl}/user/passwort-vergessen?token=${encodeURIComponent(token)}`,
    },
  );
}

export function passwordChangedMail(deps: DomainDeps, to: string): Promise<MailMessage> {
  return accountMail(deps, to, (site) => `Dein Passwort bei ${site} wurde geändert`, [
    "Dein Passwort wurde gerade geändert, und alle Anmeldungen wurden beendet.",
    "Warst Du das nicht, setze Dein Passwort sofort über „Passwort vergessen“ neu.",
  ]);
}
