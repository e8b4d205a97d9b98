import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { adminPages } from "#tests/setup/admin-pages.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  settled,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";
import { startDemoWithAdmin } from "./demo-with-admin.ts";

/**
 * The admin area through the real server and Chromium: moderation (approve, reject with a
 * mailed reason), a visitor's report reaching the queue, the page editor, the settings'
 * social links in the footer and the admin bar's "Bearbeiten".
 */

const admin = {
  email: "betrieb@example.org",
  password: "Nachts sind alle Katzen bunt 2026",
  name: "Betrieb",
};
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-admin-e2e-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

const fixture = setUpBrowserFixture(() => startDemoWithAdmin(dataDir, admin));
const open = (page: Page, pathname: string) => openUrl(page, fixture.url(pathname));
/**
 * The admin logs in through the form once; later tests reuse that session's cookies, so the
 * file stays below the per-address login limit (10 a minute) however many tests it holds.
 */
let adminSession: BrowserContextOptions["storageState"];
const asAdmin = <T>(run: (page: Page) => Promise<T>) =>
  fixture.withPage(
    {
      withoutNewsletterPopup: true,
      viewport: { width: 1280, height: 900 },
      storageState: adminSession,
    },
    async (page, context) => {
      if (!adminSession) {
        await login(fixture, page, admin);
        adminSession = await context.storageState();
      }
      return run(page);
    },
  );

const nextWeek = () =>
  `${toDateTimeInput(new Date(Date.now() + 7 * 86_400_000), "Europe/Berlin").slice(0, 10)}T23:00`;

async function createParty(authorization: string, title: string) {
  const response = await fetch(fixture.url("/api/events/"), {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify({
      title,
      start: nextWeek(),
      venue_name: "Hinterhof",
      venue_address: "Musterweg 3, 04109 Leipzig",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; url: string; status: string };
}

const statusOf = async (pathname: string) => {
  const response = await fetch(fixture.url(pathname), { redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
};

let approvedParty = { id: 0, url: "" };

describe("the admin area", () => {
  it("refuses every admin page of the route list: login for visitors, 403 for other users", async () => {
    const { authorization } = await createOrganiser(fixture, {
      email: "keine-admin@example.org",
      password: "Nur eine Veranstalterin 2026",
      name: "Keine Admin",
    });
    for (const { path: pathname } of adminPages()) {
      const anonymous = await fetch(fixture.url(pathname), { redirect: "manual" });
      await anonymous.arrayBuffer();
      expect(anonymous.status, pathname).toBe(302);
      expect(anonymous.headers.get("location"), pathname).toMatch(/^\/user\/login\?weiter=/);
      const user = await fetch(fixture.url(pathname), {
        redirect: "manual",
        headers: { authorization },
      });
      const body = await user.text();
      expect(user.status, pathname).toBe(403);
      if (user.headers.get("content-type")?.startsWith("text/html")) {
        expect(body, pathname).toContain("Diese Seite ist nur für Admins.");
      }
    }
  });

  it("sends anonymous visitors to the login and renders every section for an admin", async () => {
    expect(await statusOf("/admin")).toBe(302);
    await asAdmin(async (page) => {
      for (const pathname of [
        "/admin",
        "/admin/freigaben",
        "/admin/meldungen",
        "/admin/nutzer",
        "/admin/katalog",
        "/admin/katalog/genres",
        "/admin/katalog/clubs/neu",
        "/admin/katalog/veranstalter/neu",
        "/admin/seiten",
        "/admin/seiten/faq",
        "/admin/navigation",
        "/admin/weiterleitungen",
        "/admin/newsletter",
        "/admin/einstellungen",
        "/admin/protokoll",
      ]) {
        const response = await open(page, pathname);
        expect(response?.status(), pathname).toBe(200);
        await expect.poll(() => page.locator("main h1").count(), { message: pathname }).toBe(1);
      }
      await open(page, "/admin");
      await expectNoSeriousAxeViolations(page, "main");
    });
  });

  it("sets social links and the approval rule in the settings; the footer shows the links", async () => {
    await asAdmin(async (page) => {
      await open(page, "/admin");
      await expect
        .poll(() => page.getByTestId("demo-banner").textContent())
        .toContain("Name des Betreibers");
      await open(page, "/admin/einstellungen");
      await page
        .getByRole("textbox", { name: "Instagram" })
        .fill("https://www.instagram.com/nachtkultur.lpz/");
      await page
        .getByRole("textbox", { name: "WhatsApp-Kanal" })
        .fill("https://whatsapp.com/channel/nachtkultur");
      await page.getByLabel("Partys neuer Veranstalter*innen brauchen eine Freigabe").check();
      await page.getByRole("button", { name: "Speichern" }).click();
      await eventually(() => page.getByRole("status").textContent()).toContain("gespeichert");
      await open(page, "/");
      const footer = page.getByRole("list", { name: "Soziale Netzwerke" }).last();
      await eventually(() =>
        footer.getByRole("link", { name: "Instagram" }).getAttribute("href"),
      ).toBe("https://www.instagram.com/nachtkultur.lpz/");
      expect(await footer.getByRole("link").count()).toBe(4);
    });
  });

  it("shows the saved settings without JavaScript and keeps what was typed before hydration", async () => {
    // No service worker: it would answer the scripts from its cache, past the held requests.
    const options = { withoutNewsletterPopup: true, serviceWorkers: "block" as const };
    await fixture.withPage(
      { ...options, viewport: { width: 1280, height: 900 } },
      async (adminPage) => {
        await login(fixture, adminPage, admin);
        const instagram = () => adminPage.getByRole("textbox", { name: "Instagram" });
        await open(adminPage, "/admin/einstellungen");
        await instagram().fill("https://www.instagram.com/vorher/");
        await adminPage.getByRole("button", { name: "Speichern" }).click();
        await eventually(() => adminPage.getByRole("status").textContent()).toContain(
          "gespeichert",
        );

        // A slow phone: the page's scripts arrive only after the visitor has typed.
        const held: (() => Promise<void>)[] = [];
        let holding = true;
        await adminPage.route("**/*", (route) =>
          holding && route.request().resourceType() === "script"
            ? void held.push(() => route.continue())
            : route.continue(),
        );
        await adminPage.goto(fixture.url("/admin/einstellungen"), { waitUntil: "commit" });
        await eventually(() => instagram().inputValue()).toBe("https://www.instagram.com/vorher/");
        await instagram().fill("https://www.instagram.com/nachher/");
        // The scripts are asked for once the page is painted (decision 0258).
        await eventually(() => held.length).toBeGreaterThan(0);
        holding = false;
        await Promise.all(held.map((release) => release()));
        await eventually(() =>
          instagram().evaluate((input) =>
            Object.keys(input).some((key) => key.startsWith("__react")),
          ),
        ).toBe(true);
        await settled(adminPage);
        expect(await instagram().inputValue()).toBe("https://www.instagram.com/nachher/");
        await adminPage.getByRole("button", { name: "Speichern" }).click();
        await eventually(() => adminPage.getByRole("status").textContent()).toContain(
          "gespeichert",
        );
        await open(adminPage, "/admin/einstellungen");
        await eventually(() => instagram().inputValue()).toBe("https://www.instagram.com/nachher/");
      },
    );
  });

  it("holds a new organiser's party until an admin approves it, then it is public", async () => {
    const { authorization } = await createOrganiser(fixture, {
      email: "neu@example.org",
      password: "Zum ersten Mal dabei 2026",
      name: "Neuling",
    });
    const party = await createParty(authorization, "Erste Nacht im Hinterhof");
    expect(party.status).toBe("pending");
    expect(await statusOf(party.url)).toBe(404);
    await asAdmin(async (page) => {
      await open(page, "/admin/freigaben");
      const entry = page
        .getByTestId("pending-event")
        .filter({ hasText: "Erste Nacht im Hinterhof" });
      await entry.getByRole("button", { name: "Freigeben" }).click();
      await eventually(() => page.getByRole("status").textContent()).toContain("freigegeben");
    });
    await eventually(() => statusOf(party.url)).toBe(200);
    approvedParty = party;
  });

  it("mails the reason of a rejection to the organiser", async () => {
    const organiser = {
      email: "zweifel@example.org",
      password: "Noch nie gesehen 2026",
      name: "Zweifel",
    };
    const { authorization } = await createOrganiser(fixture, organiser);
    await createParty(authorization, "Party ohne Ort");
    await createParty(authorization, "Zweiter Versuch");
    await asAdmin(async (page) => {
      await open(page, "/admin/freigaben");
      const entry = page.getByTestId("pending-event").filter({ hasText: "Party ohne Ort" });
      await entry.getByLabel("Begründung der Ablehnung").fill("Den Hinterhof gibt es nicht.");
      // One reject form per pending party: each reason field has an id of its own.
      const ids = await page
        .locator('input[name="reason"]')
        .evaluateAll((fields) => fields.map((field) => field.id));
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ids).size).toBe(ids.length);
      await entry.getByRole("button", { name: "Ablehnen" }).click();
      await eventually(() => page.getByRole("status").textContent()).toContain("abgelehnt");
    });
    const outbox = { dataDir: fixture.server().dataDir };
    await eventually(async () =>
      (await mailsTo(outbox, organiser.email)).map((mail) => mail.text).join("\n"),
    ).toContain("Den Hinterhof gibt es nicht.");
  });

  it("brings a visitor's report from a party page into the reports queue", async () => {
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, approvedParty.url);
      await page.getByRole("link", { name: "Fehler melden" }).click();
      await page.getByLabel("Was ist falsch?").fill("Die Party beginnt erst um Mitternacht.");
      await page.getByRole("button", { name: "Meldung senden" }).click();
      await eventually(() => page.getByRole("status").textContent()).toContain("Danke");
    });
    await asAdmin(async (page) => {
      await open(page, "/admin/meldungen");
      await eventually(() => page.getByTestId("open-report").first().textContent()).toContain(
        "Die Party beginnt erst um Mitternacht.",
      );
    });
  });

  it("shows the Impressum edited in the page editor on /impressum", async () => {
    await asAdmin(async (page) => {
      await open(page, "/impressum");
      await page.getByTestId("admin-edit-link").click();
      await page.waitForURL(fixture.url("/admin/seiten/impressum"));
      await page.getByLabel("Text (Markdown)").fill("## Betreiber\n\nNachtkultur Leipzig e. V.");
      await page.getByRole("button", { name: "Speichern" }).click();
      await eventually(() => page.getByRole("status").textContent()).toContain("Gespeichert");
    });
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, "/impressum");
      await eventually(() => page.locator("main").textContent()).toContain(
        "Nachtkultur Leipzig e. V.",
      );
    });
  });

  it("opens the party's and the club's edit forms from the admin bar's Bearbeiten", async () => {
    await asAdmin(async (page) => {
      await open(page, "/club");
      const clubHref = await page.locator('main a[href^="/club/"]').first().getAttribute("href");
      await open(page, clubHref!);
      const clubName = await page.locator("main h1").textContent();
      await page.getByTestId("admin-edit-link").click();
      await page.waitForURL(/\/admin\/katalog\/clubs\/\d+$/);
      await eventually(() => page.getByRole("textbox", { name: "Name" }).inputValue()).toBe(
        clubName?.trim(),
      );

      await open(page, approvedParty.url);
      await page.getByTestId("admin-edit-link").click();
      await page.waitForURL(fixture.url(`/events/bearbeiten/${approvedParty.id}`));
      await eventually(() => page.getByLabel("Titel", { exact: false }).first().inputValue()).toBe(
        "Erste Nacht im Hinterhof",
      );
    });
  });

  it("takes a club photo in the club form; the club page and the club list show it", async () => {
    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#c2007a" },
    })
      .jpeg()
      .toBuffer();
    await asAdmin(async (page) => {
      await open(page, "/admin/katalog/clubs/neu");
      await page.getByRole("textbox", { name: "Name" }).fill("Fotokeller");
      await page.getByLabel("Foto", { exact: true }).setInputFiles({
        name: "keller.jpg",
        mimeType: "image/jpeg",
        buffer: jpeg,
      });
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.waitForURL(/\/admin\/katalog\/clubs\/\d+$/);
      await eventually(() =>
        page.getByRole("img", { name: "Jetziges Foto von Fotokeller" }).count(),
      ).toBe(1);
      await page.getByRole("link", { name: "Zur Seite des Clubs" }).click();
      const photo = page.getByRole("img", { name: "Foto: Fotokeller" });
      await eventually(() =>
        photo.evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await open(page, "/club");
      const entry = page.getByRole("listitem").filter({ hasText: "Fotokeller" });
      expect(await entry.locator("img").getAttribute("src")).toMatch(/^\/media\/clubs\/c\d+\//);
    });
  });

  it("names the pages after the site name set in the settings", async () => {
    await asAdmin(async (page) => {
      await open(page, "/admin/einstellungen");
      await page.getByRole("textbox", { name: "Name der Seite" }).fill("Nachtfalter");
      await page.getByRole("button", { name: "Speichern" }).click();
      await eventually(() => page.getByRole("status").textContent()).toContain("gespeichert");
      await eventually(async () => {
        await open(page, "/club");
        return page.title();
      }).toMatch(/\| Nachtfalter$/);
      const manifest = (await (await fetch(fixture.url("/manifest.webmanifest"))).json()) as {
        short_name: string;
      };
      expect(manifest.short_name).toBe("Nachtfalter");
    });
  });
});
