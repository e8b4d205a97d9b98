import { OSM_EMBED_ORIGIN } from "#common/directions.ts";
import type { Config } from "#server/config.ts";

/**
 * The Content-Security-Policy of every HTML document (decision 0020). Scripts run only with the
 * document's nonce; 'strict-dynamic' lets those scripts load what they import (route chunks,
 * and — after consent — the tag manager and Clarity, which load their own helpers). The other
 * directives name the origins the consent categories may reach.
 */
export function contentSecurityPolicy(nonce: string, config: Config): string {
  const { analytics, sentry } = config;
  const tracking = analytics.googleTagManagerId || analytics.googleAnalyticsId;
  const connect = ["'self'"];
  const images = ["'self'", "data:", "blob:"];
  if (config.s3?.publicUrl) images.push(new URL(config.s3.publicUrl).origin);
  if (tracking) {
    connect.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
    );
    images.push("https://*.google-analytics.com", "https://*.googletagmanager.com");
  }
  if (analytics.clarityProjectId) {
    connect.push("https://*.clarity.ms", "https://c.bing.com");
    images.push("https://*.clarity.ms", "https://c.bing.com");
  }
  if (sentry) connect.push(new URL(sentry.dsn).origin);

  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": images,
    "font-src": ["'self'"],
    "connect-src": connect,
    // Click-to-load embeds of the "external media" category.
    "frame-src": [
      // The embedded programme's preview in the user area (decision 0231).
      "'self'",
      "https://www.youtube-nocookie.com",
      "https://w.soundcloud.com",
      "https://open.spotify.com",
      // The club map (decision 0143): OpenStreetMap's embed, created only after the click.
      OSM_EMBED_ORIGIN,
    ],
    "media-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Checkout pages of the payment provider are reached by a redirect after a form post.
    "form-action": ["'self'", "https://checkout.stripe.com"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
