// Screenshots of the shell for docs/screenshots/: `/`, a party page, the open menu and the footer
// at 375 px and 1280 px, light and dark (the theme cookie a visitor's choice sets). Builds nothing: run
// after `npm run build` (BUILD_DIR is honoured). Usage: node --import tsx scripts/screenshots.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, projectRoot, startAppServer } from "#tests/e2e/app-server.ts";

const outputDir = path.join(projectRoot, "docs", "screenshots");
const widths = [375, 1280];
const themes = ["light", "dark"] as const;

async function withPage(
  browser: Browser,
  baseUrl: string,
  width: number,
  theme: (typeof themes)[number],
  run: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    viewport: { width, height: width < 640 ? 812 : 900 },
    deviceScaleFactor: width < 640 ? 2 : 1,
    locale: "de-DE",
    reducedMotion: "reduce",
  });
  await context.addCookies([{ name: "theme", value: theme, url: baseUrl }]);
  try {
    const page = await context.newPage();
    await run(page);
  } finally {
    await context.close();
  }
}

/** Answers the consent dialog so it does not cover the page. */
async function dismissConsent(page: Page) {
  const decline = page
    .getByRole("dialog", { name: "Deine Cookie-Auswahl" })
    .getByRole("button", { name: "Alle ablehnen" });
  await decline.waitFor({ timeout: 10_000 });
  await decline.click();
  await decline.waitFor({ state: "hidden" });
}

const server = await startAppServer({
  env: {
    SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/clubkalender",
    SOCIAL_TIKTOK_URL: "https://www.tiktok.com/@clubkalender",
    SOCIAL_FACEBOOK_URL: "https://www.facebook.com/clubkalender",
    SOCIAL_WHATSAPP_URL: "https://whatsapp.com/channel/clubkalender",
  },
});
const browser = await launchBrowser();
try {
  mkdirSync(outputDir, { recursive: true });
  const events = (await (await fetch(`${server.url}/api/events/?page_size=1`)).json()) as {
    results: { url: string }[];
  };
  const partyPath = events.results[0]?.url;
  if (!partyPath) throw new Error("No party in the demo data");

  for (const width of widths) {
    for (const theme of themes) {
      await withPage(browser, server.url, width, theme, async (page) => {
        await page.goto(`${server.url}/`);
        await dismissConsent(page);
        await page.screenshot({ path: path.join(outputDir, `home-${width}-${theme}.png`) });

        await page.getByRole("button", { name: "Menü", exact: true }).click();
        await page.getByRole("dialog", { name: "Menü" }).waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(outputDir, `menu-${width}-${theme}.png`) });
        await page.keyboard.press("Escape");

        await page.goto(`${server.url}${partyPath}`);
        await page.screenshot({ path: path.join(outputDir, `party-${width}-${theme}.png`) });
        await page.evaluate(() =>
          window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
        );
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(outputDir, `footer-${width}-${theme}.png`) });
      });
    }
  }
  console.info(`Screenshots written to ${path.relative(projectRoot, outputDir)}/`);
} finally {
  await browser.close();
  await server.dispose();
}
