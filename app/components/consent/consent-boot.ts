/**
 * Runs inline in <head> before the first paint (bundled by vite-plugins/inline-script-plugin.ts):
 * marks the page `data-consent-pending` when the visitor has not answered the consent dialog,
 * so the server-rendered banner shows from the first paint — also on pages from a cache — and
 * stays hidden on the legal pages (SPEC §4).
 */
import { isLegalPath } from "#common/site.ts";
import { consentAnswered } from "./consent-settings.ts";

if (!consentAnswered(document.cookie) && !isLegalPath(window.location.pathname)) {
  document.documentElement.setAttribute("data-consent-pending", "");
}
