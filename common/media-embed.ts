import { parseHttpUrl } from "./safe-url.ts";

/**
 * Embeddable media links (SPEC §2: "URLs aus YouTube, Soundcloud oder Spotify"): which provider a
 * URL belongs to and the player address to show it in a frame.
 */
export type MediaProvider = "youtube" | "soundcloud" | "spotify";

export interface MediaEmbed {
  provider: MediaProvider;
  /** The provider's name as shown to visitors. */
  providerName: string;
  /** The player, for an iframe's src. */
  embedUrl: string;
  /** A frame height that fits the player. */
  height: number;
}

const spotifyKinds = ["track", "album", "playlist", "artist", "episode", "show"];

export function mediaEmbed(link: string): MediaEmbed | null {
  const url = parseHttpUrl(link);
  if (url === null) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const segments = url.pathname.split("/").filter(Boolean);

  if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com") {
    const id =
      host === "youtu.be"
        ? segments[0]
        : segments[0] === "watch" || segments.length === 0
          ? url.searchParams.get("v")
          : ["embed", "shorts", "live"].includes(segments[0] ?? "")
            ? segments[1]
            : undefined;
    if (!id || !/^[\w-]{6,20}$/.test(id)) return null;
    return {
      provider: "youtube",
      providerName: "YouTube",
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
      height: 315,
    };
  }
  if (host === "soundcloud.com" && segments.length >= 1) {
    return {
      provider: "soundcloud",
      providerName: "SoundCloud",
      embedUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://soundcloud.com/${segments.join("/")}`)}&visual=false&show_comments=false`,
      height: 166,
    };
  }
  if (host === "open.spotify.com") {
    const rest = segments[0]?.startsWith("intl-") ? segments.slice(1) : segments;
    const [kind, id] = rest;
    if (!kind || !id || !spotifyKinds.includes(kind) || !/^[A-Za-z0-9]{10,40}$/.test(id)) {
      return null;
    }
    return {
      provider: "spotify",
      providerName: "Spotify",
      embedUrl: `https://open.spotify.com/embed/${kind}/${id}`,
      height: kind === "track" || kind === "episode" ? 152 : 352,
    };
  }
  return null;
}
