import { legalNoticePath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { MailFrame } from "#server/mail/templates/mail-layout.tsx";
import { siteIdentity } from "./site-settings.server.ts";

/** The app icon (public/icons), as a PNG every mail client shows. */
const MAIL_LOGO_PATH = "/icons/icon-192.png";

/** The frame of every mail (decision 0214): the site's name from the settings, logo, Impressum. */
export async function mailFrame(deps: DomainDeps): Promise<MailFrame> {
  const { siteName } = await siteIdentity(deps);
  const { publicUrl } = deps.config;
  return {
    siteName,
    homeUrl: `${publicUrl}/`,
    logoUrl: `${publicUrl}${MAIL_LOGO_PATH}`,
    legalNoticeUrl: `${publicUrl}${legalNoticePath}`,
  };
}
