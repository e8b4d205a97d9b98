import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * The built site and API on the real server (demo data loaded on first start), seen through
 * Chromium and plain HTTP. One server and one browser for the whole file.
 */

const partyPathPattern = /^\/party\/(?!genre\/)[^/]+\/\d+$/;

const fixture = setUpBrowserFixture({}, { viewport: { width: 1280, height: 800 } });
const app = fixture.server;

/** Runs `run` with a fresh page in its own browser context of the given width. */

/** The party page links on the current page, as [path, visible text]. */
async function partyLinks(page: Page): Promise<{ href: string; text: string }[]> {
  const links = await page.locator("main a[href]").evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute("href") ?? "",
      text: (anchor.textContent ?? "").trim(),
    })),
  );
  return links.filter((link) => partyPathPattern.test(link.href));
}

async function getJson(path: string, init?: RequestInit) {
  const response = await fetch(`${app().url}${path}`, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${path} answered ${response.status} with non-JSON: ${text.slice(0, 300)}`);
  }
  return { response, body: body as Record<string, unknown> };
}

describe("home page", () => {
  for (const width of [375, 1280]) {
    it(`shows the city's parties at ${width} px`, async () => {
      await fixture.withPage({ viewport: { width, height: 800 } }, async (page) => {
        const response = await page.goto(`${app().url}/`);
        expect(response?.status()).toBe(200);

        expect(await page.locator("html").getAttribute("lang")).toBe("de");
        const title = await page.title();
        expect(title).toContain("Partys in Leipzig");
        expect(title).toContain("heute, morgen und am Wochenende");
        const description = await page
          .locator('head meta[name="description"]')
          .getAttribute("content");
        expect(description?.trim()).toBeTruthy();

        await expect
          .poll(() =>
            page.getByRole("heading", { level: 1, name: "Partys in Leipzig" }).isVisible(),
          )
          .toBe(true);
        const links = await partyLinks(page);
        expect(links.length, "party links on the home page").toBeGreaterThan(0);
        await expect
          .poll(() => page.locator(`main a[href="${links[0]!.href}"]`).first().isVisible())
          .toBe(true);
      });
    });
  }
});

describe("unknown pages", () => {
  it("answers 404 with the not-found page and a link home", async () => {
    await fixture.withPage({}, async (page) => {
      const response = await page.goto(`${app().url}/gibt-es-nicht`);
      expect(response?.status()).toBe(404);
      await expect
        .poll(() => page.getByText("Die Seite wurde nicht gefunden").first().isVisible())
        .toBe(true);

      const home = page.getByRole("link", { name: "Zur Startseite", exact: true });
      expect(await home.getAttribute("href")).toBe("/");
      await home.click();
      await page.waitForURL(`${app().url}/`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1, name: "Partys in Leipzig" }).isVisible())
        .toBe(true);
    });
  });
});

describe("party pages", () => {
  it("opens a party from the home page, headed by the link's text", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(`${app().url}/`);
      // A card's title link (from 22:00 the "Jetzt" row above the nights links parties too).
      const first = page.locator("#nachtliste article.event-card a[href^='/party/']").first();
      const linkText = (await first.textContent())?.trim() ?? "";
      expect(linkText).not.toBe("");

      await first.click();
      await page.waitForURL((url) => partyPathPattern.test(url.pathname));
      const heading = page.getByRole("heading", { level: 1 });
      await expect.poll(async () => (await heading.textContent())?.trim()).toBe(linkText);
    });
  });

  it("redirects a wrong slug to the canonical address with 301", async () => {
    const { body } = await getJson("/api/events/?page_size=1");
    const [event] = body.results as { id: number; slug: string; url: string }[];
    expect(event, "an event from the demo data").toBeDefined();

    const response = await fetch(`${app().url}/party/falscher-slug/${event!.id}`, {
      redirect: "manual",
    });
    await response.arrayBuffer();
    expect(response.status).toBe(301);
    const location = new URL(response.headers.get("location") ?? "", app().url);
    expect(location.pathname).toBe(`/party/${event!.slug}/${event!.id}`);
    expect(location.pathname).toBe(event!.url);
  });

  it("answers 404 for a party that does not exist", async () => {
    const response = await fetch(`${app().url}/party/x/999999`, { redirect: "manual" });
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(html).toContain("Die Seite wurde nicht gefunden");
  });
});

describe("API", () => {
  it("lists events in the paged shape", async () => {
    const { response, body } = await getJson("/api/events/");
    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["count", "next", "previous", "results"]);
    expect(typeof body.count).toBe("number");
    expect(body.count).toBeGreaterThan(0);
    expect(body.previous).toBeNull();
    expect(Array.isArray(body.results)).toBe(true);
    expect((body.results as unknown[]).length).toBeGreaterThan(0);
  });

  it("serves the OpenAPI document", async () => {
    const { response, body } = await getJson("/api/schema/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(String(body.openapi)).toMatch(/^3\./);
  });

  it("answers malformed JSON with 400 and a detail", async () => {
    const { response, body } = await getJson("/api/events/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"title": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(typeof body.detail).toBe("string");
    expect(body.detail).not.toBe("");
  });
});
