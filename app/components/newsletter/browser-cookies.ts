import { NEWSLETTER_POPUP_COOKIE, NEWSLETTER_POPUP_COOKIE_MAX_AGE_S } from "#common/constants.ts";

/** A cookie's value in `document.cookie`, or null. */
export function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** SPEC §4, §9: closing the popup or subscribing keeps it away for a year. */
export function rememberPopupDone(): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    `${NEWSLETTER_POPUP_COOKIE}=1; Max-Age=${NEWSLETTER_POPUP_COOKIE_MAX_AGE_S}; Path=/; ` +
    `SameSite=Lax${secure}`;
}
