import { startConsentManager } from "./consent-manager.ts";

/** The footer's "Cookie-Einstellungen": reopens the consent dialog's settings. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => void startConsentManager().then((api) => api.showPreferences())}
    >
      Cookie-Einstellungen
    </button>
  );
}
