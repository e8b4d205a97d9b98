import { confirmSubscriptionPath, unsubscribePagePath } from "#common/urls.ts";
import type { Config } from "#server/config.ts";

/** The absolute addresses newsletter mails link to, on the site's paths (common/urls.ts). */

export const confirmSubscriptionUrl = (config: Config, token: string) =>
  `${config.publicUrl}${confirmSubscriptionPath(token)}`;

/** The page a person opens from the visible link in a mail. */
export const unsubscribePageUrl = (config: Config, token: string) =>
  `${config.publicUrl}${unsubscribePagePath(token)}`;

/** RFC 8058's one-click target: mail clients POST `List-Unsubscribe=One-Click` here. */
const oneClickUnsubscribeUrl = (config: Config, token: string) =>
  `${config.publicUrl}/api/newsletter/unsubscribe/?token=${encodeURIComponent(token)}`;

/** The headers every mailing carries (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(config: Config, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(config, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
