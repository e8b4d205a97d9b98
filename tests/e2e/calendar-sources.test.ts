import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startAppServer } from "./app-server.ts";
import {
  createOrganiser,
  expectNoSeriousAxeViolations,
  login,
  open,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * Calendar sources in the browser (issue 28 points 1 and 2, decision 0233): an organiser adds
 * their ICS feed on "Kalender-Quellen" and sees what was taken over; a feed that turns into a web
 * page shows its German error there; "Von Webseite übernehmen" fills the event form.
 */

const feed = new Map<string, { type: string; body: string }>();
const feedServer = http.createServer((request, response) => {
  const answer = feed.get(request.url ?? "");
  response.writeHead(answer ? 200 : 404, { "content-type": answer?.type ?? "text/plain" });
  response.end(answer?.body ?? "");
});
let origin = "";

afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
});

const fixture = setUpBrowserFixture(
  async () => {
    await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    return startAppServer({
      env: {
        NODE_ENV: "test",
        SEED_DEMO_DATA: "false",
        TEST_FIXED_NOW: "2026-10-20T10:00:00Z",
        TEST_FEED_SERVER_URL: origin,
      },
    });
  },
  { withoutNewsletterPopup: true },
);

const calendar = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//DE",
  "BEGIN:VEVENT",
  "UID:herbst@nachteule.example",
  "DTSTART;TZID=Europe/Berlin:20261024T230000",
  "SUMMARY:Tanz in den Herbst",
  "LOCATION:Halle 7\\, Spinnereistraße 7\\, 04179 Leipzig",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const organiser = {
  email: "nachteule@example.org",
  password: "Tanzen bis der Morgen graut 2026",
  name: "Nachteule",
};

describe("Kalender-Quellen", () => {
  it("adds a feed, shows what came over, and the German error of a feed gone wrong", async () => {
    feed.set("/nachteule.ics", { type: "text/calendar", body: calendar });
    await createOrganiser(fixture, organiser);
    await fixture.withPage({}, async (page) => {
      await login(fixture, page, organiser);
      await open(page, fixture.url("/user/quellen"));
      await page.getByLabel("Adresse").fill(`${origin}/nachteule.ics`);
      await page.getByRole("button", { name: "Quelle hinzufügen" }).click();
      await expect
        .poll(() => page.getByTestId("import-source").textContent())
        .toContain("1 Termin gelesen, 1 neu");
      await expectNoSeriousAxeViolations(page, "main");

      await open(page, fixture.url("/user/events"));
      await expect.poll(() => page.locator("main").textContent()).toContain("Tanz in den Herbst");

      feed.set("/nachteule.ics", { type: "text/html", body: "<html><body>Umzug!</body></html>" });
      await open(page, fixture.url("/user/quellen"));
      await page.getByRole("button", { name: "Jetzt abrufen" }).click();
      await expect
        .poll(() => page.getByTestId("import-source").textContent())
        .toContain("Unter dieser Adresse steht kein Kalender (ICS)");
    });
  });

  it("fills the event form from a web page", async () => {
    feed.set("/party.html", {
      type: "text/html",
      body: `<html><head><script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "MusicEvent",
        name: "Nachtschwärmer",
        startDate: "2026-10-31T23:00",
        location: { "@type": "Place", name: "Halle 7", address: "Spinnereistraße 7, Leipzig" },
      })}</script></head><body></body></html>`,
    });
    await fixture.withPage({}, async (page) => {
      await login(fixture, page, organiser);
      await open(page, fixture.url("/events/erstellen"));
      await page.getByLabel("Von Webseite übernehmen").fill(`${origin}/party.html`);
      await page.getByRole("button", { name: "Formular ausfüllen" }).click();
      await expect.poll(() => page.locator("main").textContent()).toContain("Übernommen.");
      expect(await page.getByLabel("Titel").inputValue()).toBe("Nachtschwärmer");
    });
  });
});
