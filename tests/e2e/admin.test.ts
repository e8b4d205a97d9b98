import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { users } from "#server/db/schema/users.ts";
import { hashPassword } from "#server/domain/auth/password-hashing.server.ts";
import { startAppServer } from "./app-server.ts";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * The admin area through the real server and Chromium: moderation (approve, reject with a
 * mailed reason), a visitor's report reaching the queue, the page editor, the settings'
 * social links in the footer and the admin bar's "Bearbeiten".
 */

const admin = { email: "betrieb@example.org", password: "Nachts sind alle Katzen bunt 2026" };
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-admin-e2e-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

/** The admin account goes into the database before the server starts (as a seed would). */
async function startWithAdmin() {
  const { database, deps, close } = await createDeps(
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production" }),
  );
  try {
    await database.migrate();
    await deps.db.insert(users).values({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      displayName: "Betrieb",
      role: "admin",
      verifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    });
  } finally {
    await close();
  }
  return startAppServer({ dataDir });
}

const fixture = setUpBrowserFixture(startWithAdmin);
const open = (page: Page, pathname: string) => openUrl(page, fixture.url(pathname));
const asAdmin = <T>(run: (page: Page) => Promise<T>) =>
  fixture.withPage(
    { withoutNewsletterPopup: true, viewport: { width: 1280, height: 900 } },
    async (page) => {
      await login(fixture, page, admin);
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
});
