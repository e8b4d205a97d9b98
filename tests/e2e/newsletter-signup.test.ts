import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { unsubscribeToken } from "#server/domain/newsletter/newsletter-tokens.server.ts";
import { readMail } from "#server/mail/eml-reader.server.ts";
import { readOutbox } from "#server/mail/outbox.server.ts";
import { hydrated, setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * The /newsletter page as a visitor uses it, on the real server with the embedded mailer: sign
 * up, find the confirmation mail in DATA_DIR/outbox, confirm with one click, unsubscribe with one
 * click.
 */

const fixture = setUpBrowserFixture({}, { viewport: { width: 1280, height: 900 } });
const app = fixture.server;

async function mailsTo(address: string) {
  const mails = await Promise.all(
    readOutbox(path.join(app().dataDir, "outbox")).map(({ raw }) => readMail(raw)),
  );
  return mails.filter((mail) => mail.to === address);
}

it("signs up on /newsletter, confirms from the mail and unsubscribes in one click", async () => {
  await fixture.withPage({}, async (page) => {
    await page.goto(`${app().url}/newsletter`);
    await hydrated(page);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Newsletter" }).isVisible())
      .toBe(true);
    expect(await page.getByText(/Jeden Donnerstag gegen 12 Uhr/).isVisible()).toBe(true);

    const form = page.locator("form", { has: page.getByLabel("Deine E-Mail-Adresse") });
    await form.getByLabel("Deine E-Mail-Adresse").fill("");
    await form.getByRole("button", { name: "Anmelden" }).click();
    await expect.poll(() => form.getByText("Pflichtfeld").isVisible()).toBe(true);

    await form.getByLabel("Deine E-Mail-Adresse").fill("seite@example.org");
    await form.getByRole("button", { name: "Anmelden" }).click();
    await expect.poll(() => page.getByText("Fast geschafft!").isVisible()).toBe(true);
    expect(
      await page
        .getByText("Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.")
        .isVisible(),
    ).toBe(true);

    await expect
      .poll(async () => (await mailsTo("seite@example.org")).length, { timeout: 10_000 })
      .toBe(1);
    const [mail] = await mailsTo("seite@example.org");
    const confirmUrl = /https?:\/\/\S+\/newsletter\/confirm-subscription\?token=[\w-]+/.exec(
      mail!.text,
    )![0];
    expect(new URL(confirmUrl).origin).toBe(app().url);

    await page.goto(confirmUrl);
    await page.getByRole("button", { name: "Ja, ich möchte den Newsletter bekommen" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Du bist dabei!" }).isVisible())
      .toBe(true);

    // The first subscriber of a fresh database has id 1; its links carry this token.
    const config = loadConfig({ DATA_DIR: app().dataDir });
    await page.goto(`${app().url}/newsletter/unsubscribe?token=${unsubscribeToken(config, 1)}`);
    expect(await page.getByText("seite@example.org").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Du bist abgemeldet" }).isVisible())
      .toBe(true);
  });
});

it("answers a made-up confirmation link with 404 and a way to sign up again", async () => {
  const response = await fetch(
    `${app().url}/newsletter/confirm-subscription?token=${"x".repeat(43)}`,
  );
  expect(response.status).toBe(404);
  expect(await response.text()).toContain("Link ungültig");
});

it("mails an unsubscribe link from /newsletter/unsubscribe without telling whether the address is on the list", async () => {
  const signup = await fetch(`${app().url}/api/newsletter/subscribe/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "weg@example.org" }),
  });
  expect(signup.status).toBe(202);
  await expect.poll(async () => (await mailsTo("weg@example.org")).length).toBe(1);

  await fixture.withPage({}, async (page) => {
    const answers: string[] = [];
    for (const address of ["unbekannt@example.org", "weg@example.org"]) {
      const response = await page.goto(`${app().url}/newsletter/unsubscribe`);
      expect(response?.status()).toBe(200);
      await page.getByLabel("E-Mail-Adresse").fill(address);
      await page.getByRole("button", { name: "Link zum Abmelden schicken" }).click();
      await expect.poll(() => page.getByRole("status").isVisible()).toBe(true);
      answers.push((await page.getByRole("status").textContent()) ?? "");
    }
    expect(answers[0]).toContain("Wenn diese Adresse für den Newsletter eingetragen ist");
    expect(answers[1]).toBe(answers[0]);

    await expect.poll(async () => (await mailsTo("weg@example.org")).length).toBe(2);
    expect(await mailsTo("unbekannt@example.org")).toHaveLength(0);
    const mail = (await mailsTo("weg@example.org")).find((each) =>
      each.subject.includes("abbestellen"),
    );
    const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(mail!.text)![0];
    await page.goto(link);
    await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Du bist abgemeldet" }).isVisible())
      .toBe(true);
  });
});
