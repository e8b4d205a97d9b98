import { useSyncExternalStore } from "react";

const pendingAttribute = "data-consent-pending";

/**
 * Whether the consent banner shows is an attribute on <html>: the inline boot script sets it
 * for the first paint (so server HTML from any cache is right), answering removes it and the
 * legal-page rule sets it again. CSS does the showing (app.css).
 */
export function showConsentBanner(shown: boolean): void {
  document.documentElement.toggleAttribute(pendingAttribute, shown);
}

function subscribeToConsentBanner(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: [pendingAttribute] });
  return () => observer.disconnect();
}

/** Whether the consent banner waits for an answer now (false in the server's HTML). */
export function useConsentPending(): boolean {
  return useSyncExternalStore(
    subscribeToConsentBanner,
    () => document.documentElement.hasAttribute(pendingAttribute),
    () => false,
  );
}
