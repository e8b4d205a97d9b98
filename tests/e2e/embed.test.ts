import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Request, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  hydrated,
  login,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * The programme on a club's own website (issue 28, point 6; decision 0231): an organiser makes
 * the snippets in the user area; a page served from another origin (a second local port) embeds
 * them; a visitor there sees the club's next parties in the frame, sized to its content, with no
 * cookie set and no request leaving the two origins — the site's, and the embedding page's own.
 */

const fixture = setUpBrowserFixture({}, { viewport: { width: 1280, height: 900 } });
const organiser = {
  email: "einbinden@example.org",
  password: "Tanzen bis der Morgen graut 2026",
  name: "Rahmenprogramm",
};

/** The embedding site: one page holding the copied snippets, nothing else. */
let snippets = "";
let embeddingSite: http.Server;
let embeddingOrigin = "";

beforeAll(async () => {
  embeddingSite = http.createServer((request, response) => {
    if (request.url !== "/programm.html") {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Unser Club</title>` +
          `<link rel="icon" href="data:,"></head><body><h1>Programm</h1>${snippets}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => embeddingSite.listen(0, "127.0.0.1", resolve));
  embeddingOrigin = `http://127.0.0.1:${(embeddingSite.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => embeddingSite.close(resolve));
});

/** A demo club with coming parties, and the titles of its next three (the public JSON). */
async function clubWithParties() {
  const listing = (await (await fetch(fixture.url("/api/events/?page_size=50"))).json()) as {
    results: { location: { id: number; name: string } | null }[];
  };
  return listing.results.find((event) => event.location)!.location!;
}

describe("the programme on another site", () => {
  it("is made in the user area and shows the club's next parties on another origin", async () => {
    const club = await clubWithParties();
    await createOrganiser(fixture, organiser);

    let jsonAddress = "";
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await login(fixture, page, organiser);
      await page.getByRole("link", { name: /Auf Deiner Webseite einbinden/ }).click();
      await page.waitForURL(fixture.url("/user/einbinden"));
      await hydrated(page);
      await page.getByLabel("Welche Partys?").selectOption({ label: club.name });
      await page.waitForURL(/auswahl=club-/);
      await page.getByLabel("Wie viele Partys?").fill("3");
      await page.waitForURL(/count=3/);
      await page.getByLabel("Dunkel").check();
      await page.waitForURL(/theme=dark/);
      // The preview shows the same programme, fitted to its height.
      const preview = page.frameLocator("main iframe");
      await expect.poll(() => preview.locator("li.party").count()).toBe(3);
      const codes = await page.locator("main pre code").allTextContents();
      expect(codes).toHaveLength(2);
      expect(codes[0]).toContain(`/einbinden/programm?club=${club.id}&amp;count=3&amp;theme=dark`);
      expect(codes[1]).toBe(
        `<script src="${fixture.url("/einbinden/programm.js")}" async></script>`,
      );
      snippets = codes.join("\n");
      await expectNoSeriousAxeViolations(page, "main");
      jsonAddress = (await page.getByRole("link", { name: /\/api\/events\// }).textContent())!;
    });
    const json = (await (await fetch(jsonAddress)).json()) as { results: { title: string }[] };
    const titles = json.results.map((party) => party.title);
    expect(titles).toHaveLength(3);

    await fixture.withPage({}, async (page, context) => {
      const requests: string[] = [];
      const setCookies: string[] = [];
      page.on("request", (request: Request) => requests.push(request.url()));
      page.on("response", async (response: Response) => {
        const cookie = await response.headerValue("set-cookie");
        if (cookie) setCookies.push(`${response.url()}: ${cookie}`);
      });
      const hostPage = `${embeddingOrigin}/programm.html`;
      await page.goto(hostPage);
      const frame = page.frameLocator("iframe");
      await expect.poll(() => frame.locator("li.party .title").allTextContents()).toEqual(titles);
      await expect(frame.locator("html").getAttribute("data-theme")).resolves.toBe("dark");

      // The script fits the frame to the programme: no scroll bar, no gap.
      const contentHeight = await frame
        .locator("html")
        .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
      await eventually(() =>
        page.locator("iframe").evaluate((iframe: HTMLIFrameElement) => iframe.style.height),
      ).toBe(`${contentHeight}px`);

      await page.waitForLoadState("networkidle");
      expect(await context.cookies()).toEqual([]);
      expect(setCookies).toEqual([]);
      const elsewhere = requests.filter((url) => new URL(url).origin !== fixture.url(""));
      expect(elsewhere).toEqual([hostPage]);
      expect(requests).toContain(fixture.url("/einbinden/programm.js"));

      // Each party opens its page here in a new tab.
      const [partyTab] = await Promise.all([
        context.waitForEvent("page"),
        frame.getByRole("link", { name: titles[0] }).click(),
      ]);
      await partyTab.waitForURL(/\/party\//);
      expect(new URL(partyTab.url()).origin).toBe(fixture.url(""));
      await expect(partyTab.locator("h1").first().textContent()).resolves.toContain(titles[0]);
    });
  });

  it("allows frames on the programme only", async () => {
    const programme = await fetch(fixture.url("/einbinden/programm?count=2"));
    expect(programme.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(programme.headers.get("x-frame-options")).toBeNull();
    for (const path of ["/", "/user/login", "/faq"]) {
      const page = await fetch(fixture.url(path));
      expect(page.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(page.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
    }
  });
});
