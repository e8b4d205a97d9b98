import type { SiteSettings, SiteSettingKey } from "#common/schemas/site-settings.ts";

/**
 * What a fresh site shows where the environment names no operator and no social profiles
 * (decision 0070): complete-looking demo details, so no public page shows a bracketed gap. The
 * admin area lists every setting that still holds one of these values.
 */
export const demoSettings = {
  operatorName: "Clubkalender Demo e. V.",
  operatorAddress: "Musterstraße 1, 04109 Leipzig",
  operatorEmail: "hallo@clubkalender.example",
  operatorPhone: "+49 341 1234567",
  operatorVatId: "DE123456789",
  operatorHoster: "Beispiel-Hosting GmbH, Musterweg 2, 04109 Leipzig",
  socialInstagramUrl: "https://www.instagram.com/clubkalender.demo/",
  socialTiktokUrl: "https://www.tiktok.com/@clubkalender.demo",
  socialFacebookUrl: "https://www.facebook.com/clubkalender.demo/",
  socialWhatsappUrl: "https://whatsapp.com/channel/clubkalender-demo",
} as const satisfies Partial<SiteSettings>;

/** The settings whose current value is still the demo value. */
export function demoSettingKeys(settings: SiteSettings): SiteSettingKey[] {
  return (Object.keys(demoSettings) as (keyof typeof demoSettings)[]).filter(
    (key) => settings[key] === demoSettings[key],
  );
}
