import type { SiteSettings } from "#common/schemas/site-settings.ts";
import type { Config } from "#server/config.ts";

/**
 * The values of the `{{…}}` placeholders in page texts, from the site settings (which start
 * with demo operator details, decision 0070) and the configuration.
 */
export function placeholderValues(config: Config, settings: SiteSettings): Record<string, string> {
  const trackingServices = [
    settings.googleTagManagerId || settings.googleAnalyticsId
      ? "**Google Analytics**" +
        (settings.googleTagManagerId ? " über den **Google Tag Manager**" : "") +
        " (Google Ireland Limited)"
      : null,
    settings.clarityProjectId
      ? "**Microsoft Clarity** (Microsoft Ireland Operations Limited), das Klicks und Mausbewegungen aufzeichnet"
      : null,
  ].filter(Boolean);
  return {
    "site.name": settings.siteName,
    "city.name": settings.cityName,
    "operator.name": settings.operatorName,
    "operator.address": settings.operatorAddress,
    "operator.email": settings.operatorEmail,
    "operator.phone": settings.operatorPhone || "–",
    "operator.vatId": settings.operatorVatId || "keine",
    "operator.hoster": settings.operatorHoster,
    "tracking.services":
      trackingServices.length > 0
        ? `Wir setzen ${trackingServices.join(" und ")} ein.`
        : "Derzeit setzen wir in dieser Kategorie keine Dienste ein.",
    "payments.provider": config.stripe
      ? "unseren Zahlungsdienstleister Stripe (Stripe Payments Europe, Ltd., Irland)"
      : "unseren Zahlungsdienstleister",
    errorReporting: config.sentry
      ? "Tritt auf der Seite ein technischer Fehler auf, senden wir eine Fehlerbeschreibung mit der aufgerufenen Adresse, Browser- und Gerätetyp und gekürzter IP-Adresse an unseren Dienst zur Fehleranalyse Sentry (Functional Software, Inc., USA), um den Fehler zu beheben (Art. 6 Abs. 1 lit. f DSGVO)."
      : "Technische Fehler protokollieren wir nur auf unserem eigenen Server.",
  };
}

/** Replaces every known `{{name}}` in `text`; unknown names stay as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}
