import type { Config } from "#server/config.ts";

/**
 * The values of the `{{…}}` placeholders in page texts. Operator details the configuration does
 * not name stay visible as bracketed hints, so a missing detail is noticed, not invented.
 */
export function placeholderValues(config: Config): Record<string, string> {
  const { operator, analytics } = config;
  const trackingServices = [
    analytics.googleTagManagerId || analytics.googleAnalyticsId
      ? "**Google Analytics**" +
        (analytics.googleTagManagerId ? " über den **Google Tag Manager**" : "") +
        " (Google Ireland Limited)"
      : null,
    analytics.clarityProjectId
      ? "**Microsoft Clarity** (Microsoft Ireland Operations Limited), das Klicks und Mausbewegungen aufzeichnet"
      : null,
  ].filter(Boolean);
  return {
    "site.name": config.siteName,
    "city.name": config.city.name,
    "operator.name": operator.name ?? "[Name des Betreibers]",
    "operator.address": operator.address ?? "[Straße und Hausnummer, PLZ und Ort]",
    "operator.email": operator.email ?? "[E-Mail-Adresse]",
    "operator.phone": operator.phone ?? "[Telefonnummer]",
    "operator.vatId": operator.vatId ?? "[USt-IdNr., falls vorhanden]",
    "operator.hoster": operator.hoster ?? "[Name und Sitz des Hosters]",
    "tracking.services":
      trackingServices.length > 0
        ? `Wir setzen ${trackingServices.join(" und ")} ein.`
        : "Derzeit setzen wir in dieser Kategorie keine Dienste ein.",
    "payments.provider": config.stripe
      ? "unseren Zahlungsdienstleister Stripe (Stripe Payments Europe, Ltd., Irland)"
      : "[Name des Zahlungsdienstleisters]",
    errorReporting: config.sentry
      ? "Tritt auf der Seite ein technischer Fehler auf, senden wir eine Fehlerbeschreibung mit der aufgerufenen Adresse, Browser- und Gerätetyp und gekürzter IP-Adresse an unseren Dienst zur Fehleranalyse Sentry (Functional Software, Inc., USA), um den Fehler zu beheben (Art. 6 Abs. 1 lit. f DSGVO)."
      : "Technische Fehler protokollieren wir nur auf unserem eigenen Server.",
  };
}

/** Replaces every known `{{name}}` in `text`; unknown names stay as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}
