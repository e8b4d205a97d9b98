import type { MailMessage } from "#server/mail/mailer.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** The account mails (and other short mails to users): a greeting, some lines, maybe one link. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function accountMail(
  deps: DomainDeps,
  to: string,
  subject: string,
  lines: string[],
  link?: { label: string; url: string },
): MailMessage {
  const signature = `Dein Team von ${deps.config.siteName}`;
  const text = [
    "Hallo!",
    "",
    ...lines,
    ...(link ? ["", `${link.label}: ${link.url}`] : []),
    "",
    signature,
  ].join("\n");
  const html =
    `<p>Hallo!</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}` +
    (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "") +
    `<p>${escapeHtml(signature)}</p>`;
  return { to, subject, text, html };
}

function confirmationLink(deps: DomainDeps, token: string): string {
  return `${deps.config.publicUrl}/user/login?bestaetigung=${encodeURIComponent(token)}`;
}

export function emailConfirmationMail(deps: DomainDeps, to: string, token: string): MailMessage {
  return accountMail(
    deps,
    to,
    `Bitte bestätige Deine E-Mail-Adresse bei ${deps.config.siteName}`,
    [
      "schön, dass Du dabei bist! Bitte bestätige Deine E-Mail-Adresse, dann kannst Du Dich anmelden und Deine Partys eintragen.",
      "Der Link gilt sieben Tage.",
    ],
    { label: "E-Mail-Adresse bestätigen", url: confirmationLink(deps, token) },
  );
}

export function accountExistsMail(deps: DomainDeps, to: string): MailMessage {
  return accountMail(
    deps,
    to,
    `Du hast schon ein Konto bei ${deps.config.siteName}`,
    [
      "jemand wollte sich gerade mit dieser E-Mail-Adresse registrieren. Du hast aber schon ein Konto.",
      "Wenn Du Dein Passwort vergessen hast, kannst Du es hier neu setzen. Warst Du das nicht, kannst Du diese E-Mail einfach ignorieren.",
    ],
    { label: "Passwort neu setzen", url: `${deps.config.publicUrl}/user/passwort-vergessen` },
  );
}

export function emailChangeMail(deps: DomainDeps, to: string, token: string): MailMessage {
  return accountMail(
    deps,
    to,
    `Bitte bestätige Deine neue E-Mail-Adresse bei ${deps.config.siteName}`,
    [
      "Du möchtest Deine E-Mail-Adresse ändern. Bestätige bitte, dass diese Adresse Dir gehört.",
      "Der Link gilt 24 Stunden.",
    ],
    { label: "Neue E-Mail-Adresse bestätigen", url: confirmationLink(deps, token) },
  );
}

/** To the old address: the change was asked for; one link undoes it and locks the account. */
export function emailChangeNoticeMail(
  deps: DomainDeps,
  to: string,
  newEmail: string,
  undoToken: string,
): MailMessage {
  return accountMail(
    deps,
    to,
    `Deine E-Mail-Adresse bei ${deps.config.siteName} soll geändert werden`,
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

export function passwordResetMail(deps: DomainDeps, to: string, token: string): MailMessage {
  return accountMail(
    deps,
    to,
    `Dein neues Passwort für ${deps.config.siteName}`,
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

export function passwordChangedMail(deps: DomainDeps, to: string): MailMessage {
  return accountMail(deps, to, `Dein Passwort bei ${deps.config.siteName} wurde geändert`, [
    "Dein Passwort wurde gerade geändert, und alle anderen Anmeldungen wurden beendet.",
    "Warst Du das nicht, setze Dein Passwort sofort über „Passwort vergessen“ neu.",
  ]);
}
