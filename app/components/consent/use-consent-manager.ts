import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isLegalPath } from "#common/site.ts";
import { showConsentBanner } from "./consent-banner-state.ts";
import { startConsentManager, tellConsentSettings } from "./consent-manager.ts";
import { CATEGORY, consentAnswered, type ConsentSettings } from "./consent-settings.ts";

/**
 * Runs the consent manager where it has work (a choice made before is applied on every page; an
 * open question waits for the visitor's answer, decision 0252) and applies SPEC §4's rule:
 * leaving the Impressum or the Datenschutzerklärung without having accepted tracking shows the
 * dialog again.
 */
export function useConsentManager(settings: ConsentSettings) {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  const { googleTagManagerId, googleAnalyticsId, clarityProjectId } = settings;

  useEffect(() => {
    tellConsentSettings({ googleTagManagerId, googleAnalyticsId, clarityProjectId });
    if (consentAnswered(document.cookie)) void startConsentManager();
  }, [googleTagManagerId, googleAnalyticsId, clarityProjectId]);

  useEffect(() => {
    const leftLegalPage = isLegalPath(previousPath.current) && !isLegalPath(pathname);
    previousPath.current = pathname;
    if (!leftLegalPage) return;
    if (!consentAnswered(document.cookie)) {
      showConsentBanner(true);
      return;
    }
    void startConsentManager().then((api) => {
      if (!api.acceptedCategory(CATEGORY.tracking)) showConsentBanner(true);
    });
  }, [pathname]);
}
