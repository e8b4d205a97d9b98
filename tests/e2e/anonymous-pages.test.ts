import { describe, expect, it } from "vitest";
import { setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * What a CDN sees of the built site (decisions 0100, 0101): pages for visitors without a session
 * set no cookie, may be kept by shared caches, are the same bytes for everyone and revalidate
 * with their ETag. Plain HTTP against the real server with its demo data.
 */

const fixture = setUpBrowserFixture();
const app = fixture.server;
const browserHeaders = { "accept-encoding": "gzip, deflate, br, zstd" };

async function firstPartyPath(): Promise<string> {
  const home = await (await fetch(`${app().url}/`, { headers: browserHeaders })).text();
  const path = /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/.exec(home)?.[1];
  if (!path) throw new Error("The home page links no party");
  return path;
}

describe("a page for a visitor without a session", () => {
  it("sets no cookie, may be kept by a CDN and is the same bytes for everyone", async () => {
    for (const path of ["/", await firstPartyPath(), "/club", "/gemerkt"]) {
      const first = await fetch(`${app().url}${path}`, { headers: browserHeaders });
      const second = await fetch(`${app().url}${path}`, { headers: browserHeaders });
      expect(first.status, path).toBe(200);
      expect(first.headers.get("set-cookie"), path).toBeNull();
      expect(second.headers.get("set-cookie"), path).toBeNull();
      expect(first.headers.get("cache-control"), path).toMatch(
        /^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/,
      );
      expect(first.headers.get("content-encoding"), path).toBe("br");
      expect(await second.text(), path).toBe(await first.text());
      expect(second.headers.get("etag"), path).toBe(first.headers.get("etag"));
    }
  });

  it("carries in a listing's page data only what its cards draw (decision 0257)", async () => {
    const html = await (await fetch(`${app().url}/`)).text();
    const data = [...html.matchAll(/streamController\.enqueue\((".*?")\);/g)]
      .map((match) => JSON.parse(match[1]!) as string)
      .join("");
    expect(data).toContain('"place"');
    expect(data).toContain('"address"');
    for (const field of ["postcode", "venue_address", "price_min", "top_badge", "age_limit"]) {
      expect(data, field).not.toContain(`"${field}"`);
    }
  });

  it("shows on a fresh demo start no bracket placeholder and all four social links", async () => {
    for (const path of ["/", "/impressum", "/datenschutzerklaerung", "/faq"]) {
      const html = await (await fetch(`${app().url}${path}`)).text();
      const main = /<main[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
      expect(main, path).not.toBe("");
      expect(main, path).not.toMatch(/\[[A-ZÄÖÜ][^\]]*\]/);
      for (const name of ["Instagram", "TikTok", "Facebook", "WhatsApp-Kanal"]) {
        expect(main, `${path}: ${name}`).toMatch(
          new RegExp(`<a href="https://[^"]+"[^>]*aria-label="${name}"`),
        );
      }
    }
  });

  it("sends a page the cache does not keep whole, compressed in one piece (decision 0251)", async () => {
    // An unknown query parameter: neither looked up nor kept (decision 0100), rendered each time.
    const uncached = await fetch(`${app().url}/club?von=newsletter`, { headers: browserHeaders });
    expect(uncached.status).toBe(200);
    expect(uncached.headers.get("x-page-cache")).toBeNull();
    expect(uncached.headers.get("content-encoding")).toBe("br");
    // A streamed page would come chunked, without a length.
    expect(uncached.headers.get("transfer-encoding")).toBeNull();
    expect(Number(uncached.headers.get("content-length"))).toBeGreaterThan(1_000);
    const html = await uncached.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    const kept = await (await fetch(`${app().url}/club`, { headers: browserHeaders })).text();
    const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];
    expect(titleOf(html)).toBeTruthy();
    expect(titleOf(html)).toBe(titleOf(kept));
  });

  it("answers a redirect and a HEAD without a body of their own", async () => {
    const partyPath = await firstPartyPath();
    const wrongSlug = partyPath.replace(/\/party\/[^/]+\//, "/party/ein-alter-name/");
    const moved = await fetch(`${app().url}${wrongSlug}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(partyPath);
    expect(await moved.text()).toBe("");
    // Not kept by the cache (an unknown parameter): React Router answers a HEAD without rendering.
    const head = await fetch(`${app().url}/club?von=newsletter`, { method: "HEAD" });
    expect(head.status).toBe(200);
    // The length of the page is not known without rendering it (RFC 9110 §9.3.2 allows leaving
    // it out); the length of a body of its own ("null") would be wrong.
    expect(head.headers.get("content-length")).toBeNull();
  });

  it("answers 304 to a revalidation with its ETag", async () => {
    const first = await fetch(`${app().url}/`, { headers: browserHeaders });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const revalidated = await fetch(`${app().url}/`, {
      headers: { ...browserHeaders, "if-none-match": etag! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("set-cookie")).toBeNull();
  });

  it("hands out the CSRF token only on pages with a form that posts", async () => {
    const login = await fetch(`${app().url}/user/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toMatch(/^csrftoken=[\w-]{32,64};/);
    expect(login.headers.get("cache-control") ?? "").not.toMatch(/\bpublic\b/);
  });
});
