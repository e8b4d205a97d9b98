import { parseHttpUrl } from "./safe-url.ts";

/** The media list of the event form takes links to YouTube, SoundCloud and Spotify only. */

const allowedMediaHosts = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtu.be",
  "soundcloud.com",
  "www.soundcloud.com",
  "m.soundcloud.com",
  "on.soundcloud.com",
  "open.spotify.com",
  "spotify.link",
]);

export function isAllowedMediaUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  return url !== null && url.port === "" && allowedMediaHosts.has(url.hostname);
}
