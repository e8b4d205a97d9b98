import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { eventually, hydrated, open, settled, setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * Issue "Visitors, second pass", part B: a demo that looks alive (every card has a flyer), dense
 * phone listings with a remembered view, the party's facts first on phones, a link preview
 * image on every public page and a search that takes any input. Against the demo data.
 */

// Friday 2026-11-20, 23:30 in Berlin: "Jetzt" shows above the first night (22:00–08:00), the
// fullest a phone's first screen gets; the demo data's parties are placed around this clock.
const fixture = setUpBrowserFixture({
  env: { NODE_ENV: "test", TEST_FIXED_NOW: "2026-11-20T22:30:00Z" },
});
const url = fixture.url;
const phone = { viewport: { width: 390, height: 844 } };

async function html(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(url(path), { headers });
  expect(response.status, path).toBe(200);
  return response.text();
}

/**
 * The modules a page's code block asks for once the page is painted (decision 0258), in order,
 * and where that block starts in the document.
 */
function pageScripts(page: string): { hrefs: string[]; at: number } {
  const block =
    /<script nonce="[^"]*" type="text\/plain" id="app-code" data-preload="([^"]*)">/.exec(page);
  expect(block, "the page's code block").not.toBeNull();
  return { hrefs: block![1]!.split(" "), at: block!.index };
}

/** The first link on `path` whose address matches `pattern`. */
async function firstLink(path: string, pattern: RegExp): Promise<string> {
  const found = pattern.exec(await html(path))?.[1];
  if (!found) throw new Error(`${path} links nothing like ${pattern}`);
  return found;
}

describe("home on a phone", () => {
  it("shows at least four parties of the first night with parties on the first screen", async () => {
    await fixture.withPage({ ...phone, withoutNewsletterPopup: true }, async (page) => {
      await open(page, url("/"));
      await settled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const firstNight = page.locator("#nachtliste section").first();
      const cards = firstNight.locator("article.event-card");
      // Where each card of the first night ends, measured from the top of the page.
      const bottoms = await cards.evaluateAll((articles) =>
        articles.map((article) => Math.round(article.getBoundingClientRect().bottom + scrollY)),
      );
      expect(
        bottoms.filter((bottom) => bottom <= 844).length,
        String(bottoms),
      ).toBeGreaterThanOrEqual(4);
    });
  });

  it("gives every card of the demo a flyer that loads", async () => {
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url("/"));
      const cards = page.locator("article.event-card");
      expect(await cards.count()).toBeGreaterThan(10);
      const sources = await cards.evaluateAll((articles) =>
        articles.map((article) => article.querySelector("img")?.getAttribute("src") ?? null),
      );
      expect(sources.filter((source) => source === null)).toEqual([]);
      for (const source of new Set(sources)) {
        const response = await fetch(url(source!));
        expect(response.status, source!).toBe(200);
        expect(response.headers.get("content-type"), source!).toBe("image/webp");
      }
    });
  });

  it("switches to the card grid and remembers it, without a cookie", async () => {
    await fixture.withPage({ ...phone, withoutNewsletterPopup: true }, async (page, context) => {
      await open(page, url("/"));
      const card = page.locator("article.event-card").first();
      const flyerWidth = () =>
        card.locator(".event-card-flyer").evaluate((flyer) => flyer.getBoundingClientRect().width);
      expect(await flyerWidth()).toBeLessThan(120);
      await page.getByRole("button", { name: "Kacheln" }).click();
      await expect.poll(flyerWidth).toBeGreaterThan(300);
      await page.reload();
      // Before hydration too: the boot script sets the view before the first paint.
      expect(await page.locator("html").getAttribute("data-view")).toBe("grid");
      expect(await flyerWidth()).toBeGreaterThan(300);
      const cookies = await context.cookies();
      expect(cookies.map((cookie) => cookie.name)).not.toContain("listing-view");
      await page.getByRole("button", { name: "Kacheln" }).click();
      await expect.poll(flyerWidth).toBeLessThan(120);
    });
  });

  it("answers a forged view cookie with the normal page", async () => {
    const plain = await html("/");
    const forged = await html("/", { cookie: "listing-view=<script>alert(1)</script>; view=x" });
    expect(forged).toBe(plain);
  });
});

describe("a party page on a phone", () => {
  it("shows night, time and club on the first screen", async () => {
    const path = await firstLink("/", /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/);
    await fixture.withPage({ ...phone, withoutNewsletterPopup: true }, async (page) => {
      await open(page, url(path));
      const facts = [
        page.getByRole("heading", { level: 1 }),
        page.locator("dt", { hasText: "Beginn" }),
        page.locator("dt", { hasText: "Ort" }),
      ];
      for (const fact of facts) {
        const box = await fact.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      }
    });
  });
});

describe("the first load of a listing (decision 0194)", () => {
  /** The scripts a page asks for before its own code runs, with their text. */
  async function preloadedScripts(path: string) {
    const page = await html(path);
    const { hrefs } = pageScripts(page);
    expect(hrefs.length, path).toBeGreaterThan(0);
    return {
      page,
      hrefs,
      texts: await Promise.all(hrefs.map(async (href) => (await fetch(url(href))).text())),
    };
  }

  const zodMarker = "$ZodError";

  it("loads no zod on home and a party page, styles before code", async () => {
    const partyPath = await firstLink("/", /href="(\/party\/[^"/]+\/\d+)"/);
    for (const path of ["/", partyPath]) {
      const { page, hrefs, texts } = await preloadedScripts(path);
      expect(
        hrefs.filter((_href, index) => texts[index]!.includes(zodMarker)),
        path,
      ).toEqual([]);
      const stylesheet = page.search(/<link rel="stylesheet" href="\/assets\//);
      expect(stylesheet, path).toBeGreaterThan(-1);
      expect(stylesheet, path).toBeLessThan(pageScripts(page).at);
    }
    // The marker is real: a page with a form loads the shared schemas, and zod with them.
    const login = await preloadedScripts("/user/login");
    expect(login.texts.some((text) => text.includes(zodMarker))).toBe(true);
  });

  it("draws far cards only near the screen and fetches small, late flyers for the list", async () => {
    await fixture.withPage({ ...phone, withoutNewsletterPopup: true }, async (page) => {
      await open(page, url("/"));
      await settled(page);
      const items = page.locator(".event-grid > li");
      expect(await items.count()).toBeGreaterThan(10);
      expect(await items.first().evaluate((item) => getComputedStyle(item).contentVisibility)).toBe(
        "auto",
      );
      const flyer = page.locator("article.event-card img").first();
      expect(await flyer.getAttribute("loading")).toBe("lazy");
      expect(await flyer.getAttribute("fetchpriority")).toBe("low");
      // 72 px in the phone list: the 240 px file, not the 800 px one the card grid needs.
      await expect
        .poll(() => flyer.evaluate((image: HTMLImageElement) => image.currentSrc))
        .toMatch(/-240\.webp$/);
    });
  });
});

describe("the first paint (decision 0195)", () => {
  it("has the consent dialog before the page, so it paints with the first frame", async () => {
    const partyPath = await firstLink("/", /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/);
    for (const path of ["/", partyPath]) {
      const page = await html(path);
      const dialog = page.indexOf('class="consent-banner');
      expect(dialog, path).toBeGreaterThan(-1);
      expect(dialog, path).toBeLessThan(page.indexOf("<main"));
    }
  });

  it("sends a party's flyer first, in a box of its own size, so the facts after it never move", async () => {
    const page = await html(await firstLink("/", /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/));
    const article = page.slice(page.indexOf("<article"));
    expect(article.indexOf(">Beginn<")).toBeGreaterThan(-1);
    // Issue 26 (decision 0212): the flyer before the facts on phones too, no CSS `order`.
    const flyer = /<img [^>]*alt="Flyer: [^>]*>/.exec(article)!;
    expect(flyer.index).toBeLessThan(article.indexOf(">Beginn<"));
    expect(flyer[0]).toMatch(/width="800" height="1000"/);
    expect(article).not.toContain("order-first");
  });

  it("asks for the frame's code in one file: home 12 scripts, a party page 10 (20 and 18 before)", async () => {
    const partyPath = await firstLink("/", /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/);
    for (const [path, most] of [
      ["/", 12],
      [partyPath, 10],
    ] as const) {
      const { hrefs } = pageScripts(await html(path));
      expect(
        hrefs.filter((href) => /\/assets\/shell-[\w-]+\.js$/.test(href)),
        path,
      ).toHaveLength(1);
      expect(hrefs.length, `${path}: ${hrefs.join(" ")}`).toBeLessThanOrEqual(most);
    }
  });

  it("asks for its code only once the page is painted, then comes alive (decision 0258)", async () => {
    const partyPath = await firstLink("/", /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/);
    for (const path of ["/", partyPath]) {
      await fixture.withPage({ ...phone, withoutNewsletterPopup: true }, async (page) => {
        await page.goto(url(path));
        await hydrated(page);
        const { paint, scripts } = await page.evaluate(() => ({
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
          scripts: performance
            .getEntriesByType("resource")
            .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
            .map((entry) => ({ name: entry.name, start: Math.round(entry.startTime) })),
        }));
        expect(paint, path).not.toBeNull();
        expect(scripts.length, path).toBeGreaterThanOrEqual(3);
        const early = scripts.filter((script) => script.start < paint!);
        expect(early, `${path}: first paint at ${Math.round(paint!)} ms`).toEqual([]);
      });
    }
  });

  it("keeps a tap on the menu made before the code runs and opens the menu once it does (decision 0259)", async () => {
    const options = { ...phone, withoutNewsletterPopup: true, declineConsentFirst: true };
    await fixture.withPage(options, async (page) => {
      // A slow phone: the page's code arrives only after the visitor has tapped the menu.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        asked += 1;
        await held;
        await route.continue();
      });
      await page.goto(url("/"), { waitUntil: "domcontentloaded" });
      await page.getByRole("button", { name: "Menü" }).click();
      await eventually(() => asked).toBeGreaterThan(0);
      const menu = page.getByRole("dialog", { name: "Menü" });
      expect(await menu.isVisible()).toBe(false);
      release();
      await hydrated(page);
      await eventually(() => menu.isVisible()).toBe(true);
      await eventually(() => menu.getByRole("link", { name: "Clubs" }).first().isVisible()).toBe(
        true,
      );
    });
  });

  it("sets the text in the site's fonts, and neither they nor hydration move what was painted", async () => {
    await fixture.withPage({ ...phone, withoutNewsletterPopup: true }, async (page) => {
      // The fonts and the code arrive only once the page has been painted with the local
      // stand-ins and without what appears after hydration (the view switch).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/[^/]+\.(woff2|js)$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url("/"), { waitUntil: "domcontentloaded" });
      // Measured as painted: after two frames, once `content-visibility` has drawn the cards
      // near the screen (before that they take their stand-in height).
      const places = async () => {
        await page.evaluate(
          () =>
            new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
        );
        return page
          .locator("h1, #nachtliste article.event-card")
          .evaluateAll((elements) =>
            elements.slice(0, 7).map((element) => Math.round(element.getBoundingClientRect().top)),
          );
      };
      const standIns = await places();
      // One stand-in per family is a font this machine has (Arial, Liberation Sans, DejaVu …).
      expect(
        await page.evaluate(() =>
          [...document.fonts]
            .filter((face) => face.status === "loaded" && face.family.includes("Fallback"))
            .map((face) => face.family.replace(/ DejaVu$/, "")),
        ),
      ).toEqual(expect.arrayContaining(["Inter Fallback", "Space Grotesk Fallback"]));
      release();
      await hydrated(page);
      await page.getByRole("button", { name: "Kacheln" }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      expect(
        await page.evaluate(() => [
          document.fonts.check('400 16px "Inter Variable"', "Partys in Leipzig"),
          document.fonts.check('700 16px "Space Grotesk"', "Partys in Leipzig"),
        ]),
      ).toEqual([true, true]);
      const loaded = await page.evaluate(() =>
        [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
      );
      expect(loaded).toEqual(expect.arrayContaining(["Inter Variable", "Space Grotesk"]));
      const fonts = await places();
      expect(fonts).toHaveLength(7);
      fonts.forEach((top, index) =>
        expect(Math.abs(top - standIns[index]!), `${standIns} → ${fonts}`).toBeLessThanOrEqual(2),
      );
    });
  });
});

describe("link previews", () => {
  it("name a 1200×630 image on every public page", async () => {
    const partyPath = await firstLink("/", /href="(\/party\/(?!genre\/)[^/"]+\/\d+)"/);
    const clubPath = await firstLink("/club", /href="(\/club\/[^/"]+\/\d+)"/);
    const organizerPath = await firstLink(
      "/party-veranstalter",
      /href="(\/party-veranstalter\/[^/"]+\/\d+)"/,
    );
    const genrePath = await firstLink("/party/genre", /href="(\/party\/genre\/[^/"?]+\/\d+)"/);
    const pages = [
      "/",
      partyPath,
      "/club",
      clubPath,
      "/party-veranstalter",
      organizerPath,
      "/party/genre",
      genrePath,
      "/suche?q=techno",
      "/impressum",
      "/datenschutzerklaerung",
      "/faq",
      "/agb",
      "/newsletter",
    ];
    const checked = new Map<string, string>();
    for (const path of pages) {
      const image = /<meta property="og:image" content="([^"]+)"/.exec(await html(path))?.[1];
      expect(image, path).toBeTruthy();
      const address = image!.replace(/&amp;/g, "&");
      if (checked.has(address)) continue;
      const response = await fetch(address);
      expect(response.status, `${path}: ${address}`).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(/^image\/(png|jpeg)$/);
      expect(response.headers.get("cache-control"), path).toMatch(/max-age=31536000/);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height], path).toEqual([1200, 630]);
      checked.set(address, path);
    }
  });
});

describe("search", () => {
  it("answers 500 characters or only punctuation with a normal page", async () => {
    expect(await html(`/suche?q=${"a".repeat(500)}`)).toContain("Dein Suchbegriff ist zu lang");
    expect(await html(`/suche?q=${encodeURIComponent("?!.,;:–")}`)).toContain("0 Partys");
  });

  it("forgives 'nerofunk' and 'hafnbar'", async () => {
    expect(await html("/suche?q=nerofunk")).toContain("Neurofunk");
    expect(await html("/suche?q=hafnbar")).toContain("Hafenbar");
  });
});
