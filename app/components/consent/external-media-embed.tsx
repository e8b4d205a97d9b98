import { mediaEmbed } from "#common/media-embed.ts";
import { ClickToLoad } from "./click-to-load.tsx";
import { useExternalService } from "./use-external-service.ts";

/**
 * A YouTube, SoundCloud or Spotify player behind click-to-load (consent category "external
 * media", SPEC §1): nothing is requested from the provider until the visitor agrees, once
 * ("Einmal laden") or for good ("Immer laden").
 */
export function ExternalMediaEmbed({ url, title }: { url: string; title: string }) {
  const embed = mediaEmbed(url);
  const consent = useExternalService(embed?.provider);

  if (!embed) return null;
  if (consent.allowed) {
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
    <ClickToLoad
      testId="external-media-placeholder"
      heading={`${embed.providerName}-Inhalt: ${title}`}
      providerName={embed.providerName}
      loadOnceLabel="Einmal laden"
      consent={consent}
      style={{ minHeight: Math.min(embed.height, 200) }}
    />
  );
}
