/**
 * Runs inline in <head> before the first paint (and sets the phone listing's remembered view) (bundled to a classic script by
 * vite-plugins/inline-script-plugin.ts): decides the theme in the browser with the same rule the
 * server used, so a cached or long-open page still shows the right one. The city's coordinates
 * come from the script element's data attributes.
 */
import { decideTheme, THEME_COLORS } from "#common/theme.ts";
import { rememberedListingView } from "#app/lib/listing-view.ts";

const script = document.currentScript as HTMLScriptElement | null;
const place = { lat: Number(script?.dataset.lat), lng: Number(script?.dataset.lng) };
if (Number.isFinite(place.lat) && Number.isFinite(place.lng)) {
  const theme = decideTheme(new Date(), place, document.cookie);
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}

// The phone listing's remembered view, before the first paint too (decision 0133).
if (rememberedListingView() === "grid") document.documentElement.dataset.view = "grid";
