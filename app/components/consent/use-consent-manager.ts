import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isLegalPath } from "#common/site.ts";
import { showConsentBanner } from "./consent-banner-state.ts";
import { startConsentManager } from "./consent-manager.ts";
import { CATEGORY, type ConsentSettings } from "./consent-settings.ts";

/**
 * Runs the consent manager on every page and applies SPEC §4's rule: leaving the Impressum or
 * the Datenschutzerklärung without having accepted tracking shows the dialog again.
 */
export function useConsentManager(settings: ConsentSettings) {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  const { googleTagManagerId, googleAnalyticsId, clarityProjectId } = settings;

  useEffect(() => {
    void startConsentManager({ googleTagManagerId, googleAnalyticsId, clarityProjectId });
  }, [googleTagManagerId, googleAnalyticsId, clarityProjectId]);

  useEffect(() => {
    const leftLegalPage = isLegalPath(previousPath.current) && !isLegalPath(pathname);
    previousPath.current = pathname;
    if (!leftLegalPage) return;
    void startConsentManager({ googleTagManagerId, googleAnalyticsId, clarityProjectId }).then(
      (api) => {
        if (!api.acceptedCategory(CATEGORY.tracking)) showConsentBanner(true);
      },
    );
  }, [pathname, googleTagManagerId, googleAnalyticsId, clarityProjectId]);
}
