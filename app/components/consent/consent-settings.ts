/** What the browser needs to know about the tracking services (IDs from the configuration). */
export interface ConsentSettings {
  googleTagManagerId?: string;
  googleAnalyticsId?: string;
  clarityProjectId?: string;
}

/** SPEC §3: the flags the cookie_consent_settings cookie carries. */
export interface ConsentFlags {
  googleAnalytics: boolean;
  clarity: boolean;
  marketing: boolean;
  youtube: boolean;
  soundcloud: boolean;
  spotify: boolean;
}

export const CONSENT_COOKIE = "cookie_consent_settings";

/** Whether the visitor has answered the consent dialog: `document.cookie` holds the choice. */
export function consentAnswered(cookies: string): boolean {
  return cookies.split(";").some((pair) => pair.trim().startsWith(`${CONSENT_COOKIE}=`));
}

/** Category names of SPEC §1 as the consent manager knows them. */
export const CATEGORY = {
  required: "necessary",
  tracking: "tracking",
  marketing: "marketing",
  externalMedia: "externalMedia",
} as const;

export type ExternalMediaService = "youtube" | "soundcloud" | "spotify";
