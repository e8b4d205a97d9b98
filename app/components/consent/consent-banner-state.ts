/**
 * Whether the consent banner shows is an attribute on <html>: the inline boot script sets it
 * for the first paint (so server HTML from any cache is right), answering removes it and the
 * legal-page rule sets it again. CSS does the showing (app.css).
 */
export function showConsentBanner(shown: boolean): void {
  document.documentElement.toggleAttribute("data-consent-pending", shown);
}
