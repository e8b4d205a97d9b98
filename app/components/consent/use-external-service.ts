import { useEffect, useState } from "react";
import { startConsentManager, startedConsentManager } from "./consent-manager.ts";
import { CATEGORY } from "./consent-settings.ts";

export interface ExternalServiceConsent {
  /** Whether the service may load now (accepted for good, or once on this page). */
  allowed: boolean;
  /** Loads it on this page only. */
  allowOnce: () => void;
  /** Adds the service to the accepted "external media" and loads it. */
  allowAlways: () => void;
}

/**
 * The visitor's consent to one external service of the category "external media" (a player,
 * the map): read from the consent manager and followed when the visitor changes it.
 */
export function useExternalService(service: string | undefined): ExternalServiceConsent {
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    if (!service) return;
    const check = () =>
      void startedConsentManager()?.then((api) =>
        setAllowed(api.acceptedService(service, CATEGORY.externalMedia)),
      );
    check();
    window.addEventListener("cc:onConsent", check);
    window.addEventListener("cc:onChange", check);
    return () => {
      window.removeEventListener("cc:onConsent", check);
      window.removeEventListener("cc:onChange", check);
    };
  }, [service]);

  return {
    allowed,
    allowOnce: () => setAllowed(true),
    allowAlways: () =>
      void startConsentManager().then((api) => {
        if (!service) return;
        api.acceptService(
          [...(api.getUserPreferences().acceptedServices[CATEGORY.externalMedia] ?? []), service],
          CATEGORY.externalMedia,
        );
        setAllowed(true);
      }),
  };
}
