import * as SunCalc from "suncalc";

/**
 * SPEC §1: the page is dark between sunset and sunrise at a fixed point in the city. The same
 * functions decide on the server (the rendered `data-theme`) and in the browser before the first
 * paint (the inline theme script), so the two agree.
 */

export type Theme = "light" | "dark";

/** The cookie a visitor's explicit theme choice is remembered in (set only on their click). */
export const THEME_COOKIE = "theme";
export const THEME_COOKIE_MAX_AGE_S = 31_536_000;

export interface Coordinates {
  lat: number;
  lng: number;
}

/** "dark" from sunset to sunrise at `place`, "light" from sunrise to sunset. */
export function themeAt(instant: Date, place: Coordinates): Theme {
  const times = SunCalc.getTimes(instant, place.lat, place.lng) as SunTimes;
  if (!times.sunrise || !times.sunset) return times.alwaysUp ? "light" : "dark";
  const at = instant.getTime();
  return at >= times.sunrise.getTime() && at < times.sunset.getTime() ? "light" : "dark";
}

/** suncalc 2's answer: null rise and set plus a flag on polar days and nights. */
interface SunTimes {
  sunrise: Date | null;
  sunset: Date | null;
  alwaysUp?: boolean;
}

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The remembered choice from a Cookie header (or `document.cookie`), if there is one. */
export function themeOverrideFromCookies(cookieHeader: string | null | undefined): Theme | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === THEME_COOKIE && isTheme(value)) return value;
  }
  return null;
}

/** The theme a page is shown in: the visitor's choice, else the sun's. */
export function decideTheme(
  instant: Date,
  place: Coordinates,
  cookieHeader: string | null | undefined,
): Theme {
  return themeOverrideFromCookies(cookieHeader) ?? themeAt(instant, place);
}

/** The browser-chrome colour (`<meta name="theme-color">`) of each theme. */
export const THEME_COLORS: Record<Theme, string> = { light: "#f6f1e8", dark: "#0b0a0f" };
