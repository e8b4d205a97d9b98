import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { CONSENT_COOKIE } from "#app/components/consent/consent-settings.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import {
  launchBrowser,
  startAppServer,
  type AppServer,
  type ChromiumBuild,
  type StartOptions,
} from "./app-server.ts";
import { consentDialog, declineConsent } from "./consent-dialog.ts";

/**
 * The browser tests' shared fixtures: one real server and one Chromium per test file, a fresh
 * browser context per test (`withPage`), and the steps many stories begin with (an organiser
 * account, a login). Waits poll for a condition; none sleeps for a fixed time.
 */

export interface PageOptions extends BrowserContextOptions {
  /**
   * Opens "/" and declines the consent dialog before `run` (scripts on only). The file's first
   * such page does; later ones (with the same `clockAt`) start with the consent cookie it got.
   */
  declineConsentFirst?: boolean;
  /** Keeps the newsletter popup away (its cookie), so it covers no form after 30 s. */
  withoutNewsletterPopup?: boolean;
  /** Installs the page's fake clock at this instant before `run`. */
  clockAt?: string;
  /**
   * Opens the page in Debian's full Chromium instead of the headless shell: for a service
   * worker that must see `context.setOffline` or show a notification (decision 0245).
   */
  inFullChromium?: boolean;
}

export interface BrowserFixture {
  server: () => AppServer;
  /** The file's headless shell. */
  browser: () => Browser;
  /** An absolute URL on the server. */
  url: (path: string) => string;
  /**
   * Runs `run` with a fresh page in its own context: phone-sized and German, unless the file's
   * page defaults or `options` say otherwise.
   */
  withPage: <T>(
    options: PageOptions,
    run: (page: Page, context: BrowserContext) => Promise<T>,
  ) => Promise<T>;
}

export interface RestartableBrowserFixture extends BrowserFixture {
  /** Stops the server and starts it with `options` (the same DATA_DIR, another clock…). */
  restart: (options: StartOptions) => Promise<void>;
  /**
   * One page for every test of the surrounding `describe` (opened before its first test, closed
   * after its last): for tests that only read pages, where a fresh context per test — a new
   * renderer process and every script loaded and compiled again, about 1.5 s here — buys
   * nothing. Call at the describe's top level; the tests run in order and share cookies.
   */
  pageAcrossTests: (options: PageOptions) => () => Page;
}

/**
 * Starts the server (`start`, default: demo data on a fresh DATA_DIR) and Chromium before the
 * file's tests and stops both after them; `pageDefaults` are the file's options of every page.
 * Call at the top level of a test file.
 */
export function setUpBrowserFixture(
  start: StartOptions | (() => Promise<AppServer>) = {},
  pageDefaults: PageOptions = {},
): RestartableBrowserFixture {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let fullBrowser: Promise<Browser> | undefined;
  let closing = false;
  /** The consent cookie a declined dialog left, by page clock (its expiry follows that clock). */
  const declinedConsent = new Map<string, Cookie[]>();

  beforeAll(async () => {
    // Side by side: Chromium starts while the server migrates and listens.
    const [started, launched] = await Promise.allSettled([
      typeof start === "function" ? start() : startAppServer(start),
      launchWatched(),
    ]);
    if (started.status === "fulfilled") server = started.value;
    if (launched.status === "fulfilled") browser = launched.value;
    if (started.status === "rejected") throw started.reason;
    if (launched.status === "rejected") throw launched.reason;
  });

  afterAll(async () => {
    closing = true;
    await browser?.close().catch(() => {});
    await (await fullBrowser?.catch(() => undefined))?.close().catch(() => {});
    await server?.dispose();
  });

  /**
   * A Chromium that says so when it goes away before the file's end. A browser that died
   * between two tests (once in CI: every later test of the file failed on `newContext`) is
   * started again for the next page; a test it died under still fails.
   */
  async function launchWatched(build?: ChromiumBuild): Promise<Browser> {
    const launched = await launchBrowser(build);
    launched.once("disconnected", () => {
      if (closing) return;
      console.warn(
        `${new Date().toISOString()} ${build ?? "headless shell"} went away during ` +
          `${expect.getState().testPath ?? "a test file"}; the next page starts a new one`,
      );
    });
    return launched;
  }

  /** The file's headless shell, started again if it went away. */
  async function connectedBrowser(): Promise<Browser> {
    if (!fixture.browser().isConnected()) browser = await launchWatched();
    return fixture.browser();
  }

  /** The full Chromium, started the first time a page asks for it and again if it went away. */
  async function connectedFullBrowser(): Promise<Browser> {
    const full = await (fullBrowser ??= launchWatched("full Chromium"));
    if (full.isConnected()) return full;
    fullBrowser = launchWatched("full Chromium");
    return fullBrowser;
  }

  /** A fresh page in its own context, set up as `options` and the file's defaults say. */
  const openPage = async (options: PageOptions) => {
    const {
      declineConsentFirst = false,
      withoutNewsletterPopup = false,
      clockAt,
      inFullChromium = false,
      ...contextOptions
    } = { ...pageDefaults, ...options };
    const pageBrowser = inFullChromium ? await connectedFullBrowser() : await connectedBrowser();
    const context = await pageBrowser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "de-DE",
      ...contextOptions,
    });
    try {
      if (withoutNewsletterPopup) {
        await context.addCookies([
          { name: "newsletter-popup", value: "1", url: fixture.server().url },
        ]);
      }
      const page = await context.newPage();
      if (clockAt) await page.clock.install({ time: new Date(clockAt) });
      if (declineConsentFirst) {
        const declined = declinedConsent.get(clockAt ?? "");
        if (declined) {
          await context.addCookies(declined);
        } else {
          await page.goto(fixture.url("/"));
          await declineConsent(page);
          const cookies = await context.cookies();
          const consent = cookies.filter((cookie) => cookie.name === CONSENT_COOKIE);
          if (consent.length > 0) declinedConsent.set(clockAt ?? "", consent);
        }
      }
      return { page, context };
    } catch (error) {
      await context.close();
      throw error;
    }
  };

  const fixture: RestartableBrowserFixture = {
    restart: async (options) => {
      await fixture.server().stop();
      server = await startAppServer(options);
    },
    server: () => {
      if (!server) throw new Error("The server did not start");
      return server;
    },
    browser: () => {
      if (!browser) throw new Error("The browser did not start");
      return browser;
    },
    url: (path) => `${fixture.server().url}${path}`,
    withPage: async (options, run) => {
      const { page, context } = await openPage(options);
      try {
        return await run(page, context);
      } finally {
        await context.close();
      }
    },
    pageAcrossTests: (options) => {
      let opened: { page: Page; context: BrowserContext } | undefined;
      beforeAll(async () => {
        opened = await openPage(options);
      });
      afterAll(async () => {
        await opened?.context.close();
      });
      return () => {
        if (!opened) throw new Error("The shared page did not open");
        return opened.page;
      };
    },
  };
  return fixture;
}

/**
 * Waits until React has hydrated the page (app/root.tsx marks the document). The page's code
 * loads after its first paint (decision 0258), so the `load` event can come before it.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Opens `path`, waits until React has hydrated it and declines the consent dialog if it shows.
 * For pages with JavaScript on.
 */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  if (
    await consentDialog(page)
      .isVisible()
      .catch(() => false)
  ) {
    await declineConsent(page);
  }
  return response;
}

/**
 * Waits until the page has nothing more to do: no request for half a second and two
 * animation frames drawn. For assertions that something did *not* happen.
 */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Polls until the expectation holds; argon2 and image work take a moment on a busy machine. */
export const eventually = <T>(probe: () => Promise<T> | T) =>
  expect.poll(probe, { timeout: 15_000 });

export interface Organiser {
  email: string;
  password: string;
  name: string;
}

/**
 * A confirmed organiser account, made as an API client makes one (register, then the
 * confirmation link from the server's outbox); answers with a bearer token for API calls.
 */
export async function createOrganiser(
  fixture: BrowserFixture,
  organiser: Organiser,
): Promise<{ authorization: string }> {
  const post = (path: string, body: unknown) =>
    fetch(fixture.url(path), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const registered = await post("/api/register/", {
    email: organiser.email,
    password: organiser.password,
    display_name: organiser.name,
    organizer_name: organiser.name,
    accept_terms: true,
  });
  expect(registered.status).toBe(201);
  const outbox = { dataDir: fixture.server().dataDir };
  await eventually(async () => (await mailsTo(outbox, organiser.email)).length).toBeGreaterThan(0);
  const token = linkParameter((await mailsTo(outbox, organiser.email))[0]!, "bestaetigung");
  expect((await post("/api/register/confirm/", { token })).ok).toBe(true);
  const tokens = (await (
    await post("/api/token/", { email: organiser.email, password: organiser.password })
  ).json()) as { access: string };
  return { authorization: `Bearer ${tokens.access}` };
}

/** Signs in through the login form and waits for the user area. */
export async function login(
  fixture: BrowserFixture,
  page: Page,
  credentials: Pick<Organiser, "email" | "password">,
): Promise<void> {
  await open(page, fixture.url("/user/login"));
  await submitLogin(fixture, page, credentials);
}

/** The login of a page whose scripts are off (the plain form): no hydration to wait for. */
export async function loginWithoutScripts(
  fixture: Pick<BrowserFixture, "url">,
  page: Page,
  credentials: Pick<Organiser, "email" | "password">,
): Promise<void> {
  await page.goto(fixture.url("/user/login"));
  await submitLogin(fixture, page, credentials);
}

async function submitLogin(
  fixture: Pick<BrowserFixture, "url">,
  page: Page,
  credentials: Pick<Organiser, "email" | "password">,
): Promise<void> {
  await page.getByLabel("E-Mail-Adresse").fill(credentials.email);
  await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL(fixture.url("/user")).catch(async (error: Error) => {
    const said = await page.locator("main").textContent();
    throw new Error(`Login did not reach /user; the page says: ${said}`, { cause: error });
  });
}

/** axe-core finds no serious or critical violation in `include` (default: the whole page). */
export async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`,
    ),
    `axe on ${page.url()}`,
  ).toEqual([]);
}
