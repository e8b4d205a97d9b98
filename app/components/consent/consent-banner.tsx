import { Link } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { showConsentBanner } from "./consent-banner-state.ts";
import { startConsentManager } from "./consent-manager.ts";

/**
 * The consent dialog's first layer (SPEC §1): rendered with the page, so it paints with it, and
 * shown by the inline boot script until the visitor answers. "Alle ablehnen" sits beside "Alle
 * akzeptieren" with the same weight; "Einstellungen" opens the detailed choice.
 */
export function ConsentBanner() {
  // The buttons act through React: until it has hydrated they are disabled, so an early tap is
  // visibly not taken rather than silently lost.
  const hydrated = useHydrated();
  const answer = (choice: "all" | "none") =>
    void startConsentManager().then((api) => {
      api.acceptCategory(choice === "all" ? "all" : []);
      showConsentBanner(false);
    });

  const button =
    "min-h-11 flex-1 rounded-full border-2 border-ink bg-ink px-5 font-semibold text-paper transition-colors hover:border-accent hover:bg-accent hover:text-accent-ink sm:flex-none";
  return (
    <div
      role="dialog"
      aria-describedby="einwilligung-text"
      aria-label="Deine Cookie-Auswahl"
      className="consent-banner fixed inset-x-2 bottom-2 z-50 max-w-xl rounded-2xl border border-line bg-card p-5 text-ink shadow-[0_24px_60px_-20px_rgb(0_0_0/0.55)] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:p-6"
    >
      <h2 className="font-display text-lg font-bold">Kurz zu Cookies – Du entscheidest</h2>
      <p id="einwilligung-text" className="mt-2 text-sm text-muted">
        Ohne Deine Zustimmung nutzen wir nur, was die Seite braucht. Wenn Du magst, messen wir die
        Nutzung und laden Videos und Musik von YouTube, SoundCloud und Spotify direkt.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={button} disabled={!hydrated} onClick={() => answer("all")}>
          Alle akzeptieren
        </button>
        <button
          type="button"
          className={button}
          disabled={!hydrated}
          onClick={() => answer("none")}
        >
          Alle ablehnen
        </button>
        <button
          type="button"
          className="min-h-11 rounded-full px-4 font-semibold text-ink underline-offset-4 hover:underline sm:ml-auto"
          disabled={!hydrated}
          onClick={() => void startConsentManager().then((api) => api.showPreferences())}
        >
          Einstellungen
        </button>
      </div>
      <p className="mt-3 flex gap-4 text-xs text-muted">
        <Link to="/datenschutzerklaerung" className="underline underline-offset-2">
          Datenschutzerklärung
        </Link>
        <Link to="/impressum" className="underline underline-offset-2">
          Impressum
        </Link>
      </p>
    </div>
  );
}
