import { createElement } from "react";
import { addDays, formatNight } from "#common/dates.ts";
import type { Config } from "#server/config.ts";
import type { NewsletterIssueContent, NewsletterIssueEvent } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { mailFrame } from "#server/domain/settings/mail-frame.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";
import { renderMail } from "#server/mail/templates/render-mail.server.ts";
import { WeekendIssueMail } from "#server/mail/templates/weekend-issue-mail.tsx";
import { listUnsubscribeHeaders, unsubscribePageUrl } from "./newsletter-links.ts";

/**
 * Stands for the recipient's unsubscribe token in a rendered issue: the issue is rendered once and
 * each mail gets its own links by replacing it (URL- and HTML-safe characters only).
 */
const TOKEN_PLACEHOLDER = "__UNSUBSCRIBE_TOKEN__";

export interface RenderedIssue {
  subject: string;
  html: string;
  text: string;
}

function issueHeading(cityName: string, friday: string): string {
  return `Dein Wochenende in ${cityName}: ${formatNight(friday)} bis ${formatNight(addDays(friday, 2))}`;
}

/** The issue as HTML and plain text (React Email), with a placeholder for the recipient's links. */
export async function renderIssue(
  deps: DomainDeps,
  friday: string,
  content: NewsletterIssueContent,
  /** One recipient's "Für Dich" parties (decision 0188); the frozen issue has none. */
  forYou?: NewsletterIssueEvent[],
): Promise<RenderedIssue> {
  const { config } = deps;
  const { cityName } = await siteIdentity(deps);
  const subject = issueHeading(cityName, friday);
  const { html, text } = await renderMail(
    createElement(WeekendIssueMail, {
      frame: await mailFrame(deps),
      cityName,
      timeZone: config.city.timeZone,
      heading: subject,
      content,
      forYou,
      calendarUrl: `${config.publicUrl}/`,
      unsubscribeUrl: unsubscribePageUrl(config, TOKEN_PLACEHOLDER),
    }),
  );
  return { subject, html, text };
}

/** One recipient's copy: their unsubscribe links in the body and in the RFC 8058 headers. */
export function issueMailFor(
  config: Config,
  issue: RenderedIssue,
  recipient: { email: string; unsubscribeToken: string },
): MailMessage {
  return {
    to: recipient.email,
    subject: issue.subject,
    html: issue.html.replaceAll(TOKEN_PLACEHOLDER, recipient.unsubscribeToken),
    text: issue.text.replaceAll(TOKEN_PLACEHOLDER, recipient.unsubscribeToken),
    headers: listUnsubscribeHeaders(config, recipient.unsubscribeToken),
  };
}
