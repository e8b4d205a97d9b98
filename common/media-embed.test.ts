import { describe, expect, it } from "vitest";
import { mediaEmbed } from "./media-embed.ts";

describe("mediaEmbed", () => {
  it("turns YouTube links of every form into the privacy-enhanced player", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ]) {
      expect(mediaEmbed(link)?.embedUrl, link).toBe(
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      );
    }
  });

  it("embeds SoundCloud tracks and sets through the widget player", () => {
    const embed = mediaEmbed("https://soundcloud.com/kollektiv/nachtschicht-mix");
    expect(embed?.provider).toBe("soundcloud");
    expect(embed?.embedUrl).toBe(
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fkollektiv%2Fnachtschicht-mix&visual=false&show_comments=false",
    );
  });

  it("embeds Spotify items, also behind a language prefix", () => {
    expect(mediaEmbed("https://open.spotify.com/intl-de/track/7ExAmPlEtRaCkDeMoPaRtY")).toEqual({
      provider: "spotify",
      providerName: "Spotify",
      embedUrl: "https://open.spotify.com/embed/track/7ExAmPlEtRaCkDeMoPaRtY",
      height: 152,
    });
    expect(mediaEmbed("https://open.spotify.com/playlist/5ExAmPlEcLuBkAlEnDeR01")?.height).toBe(
      352,
    );
  });

  it("refuses anything else", () => {
    for (const link of [
      "not a url",
      "javascript:alert(1)",
      "https://vimeo.com/123456",
      "https://www.youtube.com/watch?v=<script>",
      "https://open.spotify.com/user/abc",
    ]) {
      expect(mediaEmbed(link), link).toBeNull();
    }
  });
});
