import { describe, expect, it } from "vitest";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createOrganiser, eventually, loginWithoutScripts, open } from "./browser-fixtures.ts";
import { setUpClockedPushFixture } from "./clocked-push-fixture.ts";
import { fakePushManager } from "./fake-push-manager.ts";

/**
 * "Erinnern" on the party page (issue 29 point 3, decisions 0222, 0224). A browser without an
 * account saves a party, turns "Erinnern" on (notifications switched on by that tap) and, when the
 * server's clock reaches 15:00 on the party's day, the reminder reaches the local stand-in for its
 * push service (its "once" across runs is server/jobs/reminders.test.ts's). A signed-in account turns it on with
 * JavaScript off (a plain form post) and gets the reminder by mail.
 */

const SATURDAY_NOON = "2026-11-28T11:00:00Z"; // 12:00 in Berlin
const SATURDAY_AFTERNOON = "2026-11-28T14:01:00Z"; // 15:01 in Berlin
const pushTitle = "Erinnerungsnacht";
const mailTitle = "Postnacht";
const organiser = {
  email: "erinnerung@example.org",
  password: "Wecker klingeln im Hinterhof 2026",
  name: "Weckerkollektiv",
};

const fixture = setUpClockedPushFixture({ startAt: SATURDAY_NOON });

async function createParty(authorization: string, title: string) {
  const response = await fetch(fixture.url("/api/events/"), {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify({
      title,
      start: "2026-11-28T23:00",
      venue_name: "Hinterhof",
      venue_address: "Musterweg 3, 04109 Leipzig",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const party = (await response.json()) as { id: number; url: string };
  return { id: party.id, path: new URL(party.url, fixture.server().url).pathname };
}

/** The pushes to this browser, decrypted (pushes to other subscriptions are not read). */
const reminderPushes = () => {
  const push = fixture.push();
  return push
    .raw()
    .filter((message) => message.path === "/push/erinnerin")
    .map(
      (message) =>
        JSON.parse(push.decrypt(message.body)) as { title: string; body: string; url: string },
    );
};

const reminderMails = async () =>
  (await mailsTo(fixture.server(), organiser.email)).filter(
    (mail) => mail.subject === `Heute: „${mailTitle}“`,
  );

describe("Erinnern on the party page", () => {
  it(
    "pushes a browser without an account once at 15:00, and mails an account that chose it without JavaScript",
    { timeout: 180_000 },
    async () => {
      const { authorization } = await createOrganiser(fixture, organiser);
      const pushParty = await createParty(authorization, pushTitle);
      const mailParty = await createParty(authorization, mailTitle);

      // A browser without an account: "Erinnern" shows once the party is saved.
      const context = await fixture.browser().newContext({
        viewport: { width: 390, height: 844 },
        locale: "de-DE",
      });
      await context.grantPermissions(["notifications"], { origin: fixture.server().url });
      const page = await context.newPage();
      await fakePushManager(page, fixture.push(), "/push/erinnerin");
      const followerBodies: { remind_parties?: number[] }[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/follower/") && request.method() !== "GET") {
          followerBodies.push((request.postDataJSON() ?? {}) as { remind_parties?: number[] });
        }
      });
      try {
        await open(page, fixture.url(pushParty.path));
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
          timeout: 30_000,
        });
        const remind = page.getByRole("button", { name: "Erinnern", exact: true });
        expect(await remind.count()).toBe(0);
        await page.getByRole("button", { name: "Merken", exact: true }).click();
        await page.getByRole("button", { name: "Gemerkt", pressed: true }).waitFor();
        expect(await remind.getAttribute("aria-pressed")).toBe("false");
        await remind.click();
        await eventually(() => remind.getAttribute("aria-pressed")).toBe("true");
        await eventually(() => followerBodies.at(-1)?.remind_parties).toEqual([pushParty.id]);
      } finally {
        await context.close();
      }

      // An account, JavaScript off: the party saved through the API, "Erinnern" a form post.
      const saved = await fetch(fixture.url(`/api/my-saved-parties/${mailParty.id}/`), {
        method: "PUT",
        headers: { authorization },
      });
      expect(saved.status).toBe(204);
      const noScript = await fixture
        .browser()
        .newContext({ javaScriptEnabled: false, locale: "de-DE" });
      try {
        const plain = await noScript.newPage();
        await loginWithoutScripts(fixture, plain, organiser);
        await plain.goto(fixture.url(mailParty.path));
        const remind = plain.getByRole("button", { name: "Erinnern", exact: true });
        expect(await remind.getAttribute("aria-pressed")).toBe("false");
        await remind.click();
        await plain.getByText("Wir erinnern Dich am Tag der Party um 15 Uhr per E-Mail.").waitFor();
        expect(await remind.getAttribute("aria-pressed")).toBe("true");
      } finally {
        await noScript.close();
      }

      // Noon: nothing yet. 15:01: the scheduler's first run sends both reminders.
      expect(reminderPushes()).toEqual([]);
      expect(await reminderMails()).toEqual([]);
      await fixture.restartAt(SATURDAY_AFTERNOON);
      await expect.poll(() => reminderPushes().length, { timeout: 60_000 }).toBe(1);
      const [reminder] = reminderPushes();
      expect(reminder!.title).toBe(`Heute: „${pushTitle}“`);
      expect(reminder!.body).toContain("Beginn: Sa., 28.11.2026, 23:00 Uhr");
      expect(reminder!.body).toContain("Ort: Hinterhof, Musterweg 3, 04109 Leipzig");
      expect(new URL(reminder!.url).pathname).toBe(pushParty.path);
      await expect.poll(async () => (await reminderMails()).length, { timeout: 60_000 }).toBe(1);
    },
  );
});
