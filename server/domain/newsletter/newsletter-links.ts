import type { Config } from "#server/config.ts";

/** The absolute addresses newsletter mails link to. */

export const confirmSubscriptionUrl = (config: Config, token: string) =>
  `${config.publicUrl}/newsletter/confirm-subscription?token=${encodeURIComponent(token)}`;

/** The page a person opens from the visible link in a mail. */
export const unsubscribePageUrl = (config: Config, token: string) =>
  `${config.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 8058's one-click target: mail clients POST `List-Unsubscribe=One-Click` here. */
export const oneClickUnsubscribeUrl = (config: Config, token: string) =>
  `${config.publicUrl}/api/newsletter/unsubscribe/?token=${encodeURIComponent(token)}`;

export const legalNoticeUrl = (config: Config) => `${config.publicUrl}/impressum`;

export const newsletterPageUrl = (config: Config) => `${config.publicUrl}/newsletter`;

export const pastIssueUrl = (config: Config, issueId: number) =>
  `${config.publicUrl}/newsletter/ausgaben/${issueId}`;

/** The headers every mailing carries (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(config: Config, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(config, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
