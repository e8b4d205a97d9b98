import type { SiteSettingKey } from "#common/schemas/site-settings.ts";

/** The German names of the site settings (settings form, demo banner). */
export const settingLabels: Record<SiteSettingKey, string> = {
  topEventPricePerWeekCents: "Preis eines Top-Events pro Woche (Cent)",
  adsNeedApproval: "Bezahlte Anzeigen brauchen eine Freigabe",
  vatMode: "Umsatzsteuer auf Rechnungen",
  siteName: "Name der Seite",
  cityName: "Stadt",
  operatorName: "Name des Betreibers",
  operatorAddress: "Anschrift des Betreibers",
  operatorEmail: "E-Mail des Betreibers",
  operatorPhone: "Telefon des Betreibers",
  operatorVatId: "USt-IdNr.",
  operatorHoster: "Hoster (Name und Sitz)",
  socialInstagramUrl: "Instagram",
  socialTiktokUrl: "TikTok",
  socialFacebookUrl: "Facebook",
  socialWhatsappUrl: "WhatsApp-Kanal",
  googleTagManagerId: "Google Tag Manager",
  googleAnalyticsId: "Google Analytics",
  clarityProjectId: "Microsoft Clarity",
  newsletterSendHour: "Newsletter-Versand (Stunde, Donnerstag)",
  eventsNeedApproval: "Partys neuer Veranstalter*innen brauchen eine Freigabe",
};
