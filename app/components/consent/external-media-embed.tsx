import { useEffect, useState } from "react";
import { mediaEmbed } from "#common/media-embed.ts";
import { consentManager } from "./consent-manager.ts";
import { CATEGORY } from "./consent-settings.ts";

/**
 * A YouTube, SoundCloud or Spotify player behind click-to-load (consent category "external
 * media", SPEC §1): nothing is requested from the provider until the visitor agrees, once
 * ("Einmal laden") or for good ("Immer laden").
 */
export function ExternalMediaEmbed({ url, title }: { url: string; title: string }) {
  const embed = mediaEmbed(url);
  const provider = embed?.provider;
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    if (!provider) return;
    const check = () =>
      void consentManager()?.then((api) =>
        setAllowed(api.acceptedService(provider, CATEGORY.externalMedia)),
      );
    check();
    window.addEventListener("cc:onConsent", check);
    window.addEventListener("cc:onChange", check);
    return () => {
      window.removeEventListener("cc:onConsent", check);
      window.removeEventListener("cc:onChange", check);
    };
  }, [provider]);

  if (!embed) return null;
  if (allowed) {
    return (
      <iframe
        src={embed.embedUrl}
        title={`${title} (${embed.providerName})`}
        height={embed.height}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; clipboard-write"
        allowFullScreen
        className="w-full rounded-xl border-0 bg-raised"
        style={embed.provider === "youtube" ? { aspectRatio: "16 / 9", height: "auto" } : undefined}
      />
    );
  }
  return (
    <div
      data-testid="external-media-placeholder"
      className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line bg-raised p-5"
      style={{ minHeight: Math.min(embed.height, 200) }}
    >
      <p className="font-semibold">
        {embed.providerName}-Inhalt: {title}
      </p>
      <p className="text-sm text-muted">
        Beim Laden überträgt Dein Browser Daten wie Deine IP-Adresse an {embed.providerName}.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setAllowed(true)}
          className="min-h-11 rounded-full bg-ink px-5 font-semibold text-paper"
        >
          Einmal laden
        </button>
        <button
          type="button"
          onClick={() =>
            void consentManager()?.then((api) => {
              api.acceptService(
                [
                  ...(api.getUserPreferences().acceptedServices[CATEGORY.externalMedia] ?? []),
                  embed.provider,
                ],
                CATEGORY.externalMedia,
              );
              setAllowed(true);
            })
          }
          className="min-h-11 rounded-full border border-line px-5 font-semibold"
        >
          Immer laden
        </button>
      </div>
    </div>
  );
}
