// Screenshots for docs/screenshots/: `/`, a party page, a club page, the open menu and the footer
// at 390 px and 1280 px, light and dark (the theme cookie a visitor's choice sets); an organiser's
// promote page and their account confirmation mail at 390 px. Builds nothing: run after
// `npm run build` (BUILD_DIR is honoured). Usage: node --import tsx scripts/screenshots.ts
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { readMail } from "#server/mail/eml-reader.server.ts";
import { readOutbox } from "#server/mail/outbox.server.ts";
import { launchBrowser, projectRoot, startAppServer } from "#tests/e2e/app-server.ts";

const outputDir = path.join(projectRoot, "docs", "screenshots");
const phoneWidth = 390;
const widths = [phoneWidth, 1280];
const themes = ["light", "dark"] as const;
type Theme = (typeof themes)[number];

const organiser = {
  email: "screenshots@example.org",
  password: "Bildschirmfotos bis zum Morgengrauen",
  name: "Kollektiv Nachtschicht",
};

async function withPage(
  browser: Browser,
  baseUrl: string,
  width: number,
  theme: Theme,
  run: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    viewport: { width, height: width < 640 ? 844 : 900 },
    deviceScaleFactor: width < 640 ? 2 : 1,
    locale: "de-DE",
    reducedMotion: "reduce",
  });
  await context.addCookies([
    { name: "theme", value: theme, url: baseUrl },
    // The newsletter popup stays away: it would cover the page after 30 s.
    { name: "newsletter-popup", value: "1", url: baseUrl },
  ]);
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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(outputDir, `${name}.png`) });

/** Waits until `done` holds, checking twice a second for a minute. */
async function poll(done: () => boolean, what: string) {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Waited a minute for ${what}`);
}

/** The newest mail in the server's outbox to `address`, polled until it is there. */
async function waitForMail(dataDir: string, address: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const mails = await Promise.all(
      readOutbox(path.join(dataDir, "outbox")).map((mail) => readMail(mail.raw)),
    );
    const mail = mails.filter((candidate) => candidate.to.includes(address)).at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No mail to ${address} in the outbox`);
}

/**
 * An organiser as an API client makes one — registered, confirmed with the mail's link — with
 * one party a week ahead; answers the confirmation mail's HTML and the party's id.
 */
async function organiserWithParty(baseUrl: string, dataDir: string) {
  const post = async (pathname: string, body: unknown, authorization?: string) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(authorization && { authorization }) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await post("/api/register/", {
    email: organiser.email,
    password: organiser.password,
    display_name: organiser.name,
    organizer_name: organiser.name,
    accept_terms: true,
  });
  const mail = await waitForMail(dataDir, organiser.email);
  const token = /[?&]bestaetigung=([^\s&"]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No confirmation link in: ${mail.text}`);
  await post("/api/register/confirm/", { token: decodeURIComponent(token) });
  const { access } = await post("/api/token/", {
    email: organiser.email,
    password: organiser.password,
  });
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const party = await post(
    "/api/events/",
    {
      title: "Bassline Samstag",
      start: `${inAWeek}T23:00`,
      venue_name: "Hinterhof",
      venue_address: "Karl-Liebknecht-Str. 9, 04107 Leipzig",
      lineup: [{ artist: "Nachteule", floor: "", start: "", end: "" }],
    },
    `Bearer ${String(access)}`,
  );
  return { mailHtml: mail.html, partyId: Number(party.id) };
}

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/user/login`);
  await dismissConsent(page);
  await page.getByLabel("E-Mail-Adresse").fill(organiser.email);
  await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(organiser.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL(`${baseUrl}/user`);
}

// The embedded PostgreSQL seeded with the demo data, as `npm start` runs it.
const server = await startAppServer({
  embedded: true,
  env: {
    SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/clubkalender",
    SOCIAL_TIKTOK_URL: "https://www.tiktok.com/@clubkalender",
    SOCIAL_FACEBOOK_URL: "https://www.facebook.com/clubkalender",
    SOCIAL_WHATSAPP_URL: "https://whatsapp.com/channel/clubkalender",
  },
});
// The first start answers before the demo pictures are drawn (decision 0204): wait for them.
await poll(() => /Drew \d+ demo pictures/.test(server.output()), "the demo pictures");
const browser = await launchBrowser();
try {
  mkdirSync(outputDir, { recursive: true });
  for (const file of readdirSync(outputDir)) {
    if (file.endsWith(".png")) rmSync(path.join(outputDir, file));
  }
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
        await shot(page, `home-${width}-${theme}`);

        await page.getByRole("button", { name: "Menü", exact: true }).click();
        await page.getByRole("dialog", { name: "Menü" }).waitFor();
        await page.waitForTimeout(400);
        await shot(page, `menu-${width}-${theme}`);
        await page.keyboard.press("Escape");

        await page.goto(`${server.url}${partyPath}`);
        await shot(page, `party-${width}-${theme}`);
        await page.evaluate(() =>
          window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
        );
        await page.waitForTimeout(300);
        await shot(page, `footer-${width}-${theme}`);

        await page.goto(`${server.url}/club`);
        await page.locator('main a[href^="/club/"]').first().click();
        await page.waitForURL(/\/club\/[^/]+\/\d+$/);
        // The programme's flyers load lazily: wait until they are in.
        await page.waitForLoadState("networkidle");
        await shot(page, `club-${width}-${theme}`);
      });
    }
  }

  const { mailHtml, partyId } = await organiserWithParty(server.url, server.dataDir);
  await withPage(browser, server.url, phoneWidth, "light", async (page) => {
    await signIn(page, server.url);
    await page.goto(`${server.url}/events/hervorheben/${partyId}`);
    await page.getByRole("button", { name: "Jetzt bezahlen" }).waitFor();
    await page.screenshot({
      path: path.join(outputDir, `promote-${phoneWidth}-light.png`),
      fullPage: true,
    });

    await page.setContent(mailHtml, { waitUntil: "load" });
    await page.screenshot({
      path: path.join(outputDir, `mail-account-confirmation-${phoneWidth}.png`),
      fullPage: true,
    });
  });
  console.info(`Screenshots written to ${path.relative(projectRoot, outputDir)}/`);
} finally {
  await browser.close();
  await server.dispose();
}
