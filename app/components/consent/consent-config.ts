import type { CookieConsentConfig } from "vanilla-cookieconsent";
import { CATEGORY, CONSENT_COOKIE, type ConsentSettings } from "./consent-settings.ts";

const trackingCookies = [
  { name: /^_ga/ },
  { name: "_gid" },
  { name: /^_gcl/ },
  { name: /^_cl/ },
  { name: "CLID" },
  { name: "MUID" },
];

/**
 * The consent manager's configuration (SPEC §1, §3, §4): four categories, opt-in, the detailed
 * settings with "Alle ablehnen" beside "Alle akzeptieren" in equal weight, German texts in the
 * Du form.
 */
export function consentConfig(
  settings: ConsentSettings,
  hooks: Pick<CookieConsentConfig, "onConsent" | "onChange">,
): CookieConsentConfig {
  const trackingServices: string[] = [];
  if (settings.googleTagManagerId || settings.googleAnalyticsId)
    trackingServices.push("Google Analytics");
  if (settings.clarityProjectId) trackingServices.push("Microsoft Clarity");

  return {
    mode: "opt-in",
    // The first layer is our server-rendered ConsentBanner; this library keeps the choice and
    // shows the detailed settings.
    autoShow: false,
    // Headless browsers (tests, audits) get the dialog like everyone else.
    hideFromBots: false,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: 182, sameSite: "Lax" },
    guiOptions: {
      consentModal: {
        layout: "box wide",
        position: "bottom left",
        equalWeightButtons: true,
        flipButtons: false,
      },
      preferencesModal: { layout: "box", equalWeightButtons: true, flipButtons: false },
    },
    onConsent: hooks.onConsent,
    onChange: hooks.onChange,
    categories: {
      [CATEGORY.required]: { enabled: true, readOnly: true },
      [CATEGORY.tracking]: {
        autoClear: { cookies: trackingCookies, reloadPage: false },
        services: {
          googleAnalytics: { label: "Google Analytics (über den Google Tag Manager)" },
          clarity: { label: "Microsoft Clarity" },
        },
      },
      [CATEGORY.marketing]: {},
      [CATEGORY.externalMedia]: {
        services: {
          youtube: { label: "YouTube" },
          soundcloud: { label: "SoundCloud" },
          spotify: { label: "Spotify" },
          openstreetmap: { label: "OpenStreetMap (Karten)" },
        },
      },
    },
    language: {
      default: "de",
      translations: {
        de: {
          consentModal: {},
          preferencesModal: {
            title: "Cookie-Einstellungen",
            acceptAllBtn: "Alle akzeptieren",
            acceptNecessaryBtn: "Alle ablehnen",
            savePreferencesBtn: "Auswahl speichern",
            closeIconLabel: "Schließen",
            serviceCounterLabel: "Dienst|Dienste",
            sections: [
              {
                description:
                  "Hier legst Du fest, welche Kategorien wir nutzen dürfen. Deine Auswahl " +
                  "speichern wir im Cookie „cookie_consent_settings“ für sechs Monate.",
              },
              {
                title: "Erforderlich",
                description:
                  "Deine Anmeldung, Deine Cookie-Auswahl, Deine Hell/Dunkel-Wahl und der " +
                  "Offline-Speicher der Seite. Ohne sie funktioniert die Seite nicht; sie sind " +
                  "deshalb immer aktiv.",
                linkedCategory: CATEGORY.required,
              },
              {
                title: "Tracking",
                description:
                  trackingServices.length > 0
                    ? `Reichweitenmessung und Sitzungsaufzeichnung mit ${trackingServices.join(" und ")}, damit wir verstehen, wie die Seite genutzt wird. Widerrufst Du, lädt die Seite neu.`
                    : "Reichweitenmessung und Sitzungsaufzeichnung. Derzeit ist hier kein Dienst eingerichtet.",
                linkedCategory: CATEGORY.tracking,
              },
              {
                title: "Marketing",
                description:
                  "Dienste, die Werbung messen oder personalisieren. Derzeit setzen wir hier keine ein.",
                linkedCategory: CATEGORY.marketing,
              },
              {
                title: "Externe Medien",
                description:
                  "Videos und Musik von YouTube, SoundCloud und Spotify in Party-Beschreibungen, " +
                  "Karten von OpenStreetMap bei Clubs und Partys. " +
                  "Ohne Zustimmung lädst Du jeden Inhalt einzeln per Klick.",
                linkedCategory: CATEGORY.externalMedia,
              },
              {
                title: "Mehr erfahren",
                description:
                  'Alles Weitere steht in unserer <a href="/datenschutzerklaerung">Datenschutzerklärung</a>.',
              },
            ],
          },
        },
      },
    },
  };
}
