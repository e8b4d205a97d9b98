import type * as CookieConsent from "vanilla-cookieconsent";
import { showConsentBanner } from "./consent-banner-state.ts";
import { consentConfig } from "./consent-config.ts";
import {
  CATEGORY,
  type ConsentFlags,
  type ConsentSettings,
  type ExternalMediaService,
} from "./consent-settings.ts";
import { loadClarity, loadGoogleAnalytics, loadGoogleTagManager } from "./tracking-scripts.ts";

type CookieConsentApi = typeof CookieConsent;

let manager: Promise<CookieConsentApi> | undefined;
let siteSettings: ConsentSettings = {};

/** The site's tracking services, told by the root on every page before the manager starts. */
export function tellConsentSettings(settings: ConsentSettings): void {
  siteSettings = settings;
}

/**
 * Starts the consent manager once per page (the library with its stylesheet) and gives access
 * to it. It loads when it has work: at once when the visitor has answered before (their choice
 * is applied), otherwise when the visitor answers or opens the settings (decision 0252). Nothing
 * is stored before the visitor decides.
 */
export function startConsentManager(): Promise<CookieConsentApi> {
  manager ??= (async () => {
    const settings = siteSettings;
    const [api] = await Promise.all([
      import("vanilla-cookieconsent"),
      import("vanilla-cookieconsent/dist/cookieconsent.css"),
    ]);
    let trackingAtStart: boolean | undefined;
    await api.run(
      consentConfig(settings, {
        onConsent: () => {
          showConsentBanner(false);
          trackingAtStart = api.acceptedCategory(CATEGORY.tracking);
          applyConsent(api, settings);
        },
        onChange: () => {
          const trackingNow = api.acceptedCategory(CATEGORY.tracking);
          // SPEC §4: revoking tracking reloads the page, so loaded trackers are gone.
          if (trackingAtStart && !trackingNow) {
            window.location.reload();
            return;
          }
          trackingAtStart = trackingNow;
          applyConsent(api, settings);
        },
      }),
    );
    return api;
  })();
  return manager;
}

/** The consent manager if it has started (a visitor who has not answered has accepted nothing). */
export function startedConsentManager(): Promise<CookieConsentApi> | undefined {
  return manager;
}

function applyConsent(api: CookieConsentApi, settings: ConsentSettings) {
  const flags = consentFlags(api);
  api.setCookieData({ value: flags, mode: "overwrite" });
  if (flags.googleAnalytics) {
    if (settings.googleTagManagerId) loadGoogleTagManager(settings.googleTagManagerId);
    else if (settings.googleAnalyticsId) loadGoogleAnalytics(settings.googleAnalyticsId);
  }
  if (flags.clarity && settings.clarityProjectId) loadClarity(settings.clarityProjectId);
}

export function consentFlags(api: CookieConsentApi): ConsentFlags {
  const media = (service: ExternalMediaService) =>
    api.acceptedService(service, CATEGORY.externalMedia);
  return {
    googleAnalytics: api.acceptedService("googleAnalytics", CATEGORY.tracking),
    clarity: api.acceptedService("clarity", CATEGORY.tracking),
    marketing: api.acceptedCategory(CATEGORY.marketing),
    youtube: media("youtube"),
    soundcloud: media("soundcloud"),
    spotify: media("spotify"),
  };
}
