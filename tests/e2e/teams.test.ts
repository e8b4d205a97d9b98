import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * Teams (issue 28, point 5; decision 0232) on the built site: an owner invites a member by
 * e-mail on the team page, the member accepts through the mailed link and edits the profile's
 * party; the link does not work twice; after the owner removes them, they cannot edit it any
 * more, and the party stays with the profile.
 */

const fixture = setUpBrowserFixture();
const owner = {
  email: "inhaberin@example.org",
  password: "Wir feiern bis die Vögel singen",
  name: "Kollektiv Morgengrauen",
};
const member = {
  email: "crew-morgengrauen@example.org",
  password: "Am Einlass steht die Crew 2026",
  name: "Robin Crew",
};
const title = `Morgengrauen ${Date.now().toString(36)}`;
const phone = { withoutNewsletterPopup: true };
const open = (page: Page, path: string) => openUrl(page, fixture.url(path));
let partyId = 0;
let invitationLink = "";
let memberAuthorization = "";

describe("a team works on an organiser's parties", () => {
  it("the owner invites a member by e-mail on the team page", async () => {
    const { authorization } = await createOrganiser(fixture, owner);
    ({ authorization: memberAuthorization } = await createOrganiser(fixture, member));
    const myData = (await (
      await fetch(fixture.url("/api/my-data/"), { headers: { authorization } })
    ).json()) as { organizers: { id: number }[] };
    const start = toDateTimeInput(new Date(Date.now() + 5 * 86_400_000), "Europe/Berlin");
    const created = await fetch(fixture.url("/api/events/"), {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({
        title,
        start: `${start.slice(0, 10)}T23:00`,
        online: true,
        organizers: [myData.organizers[0]!.id],
      }),
    });
    expect(created.status).toBe(201);
    partyId = ((await created.json()) as { id: number }).id;

    await fixture.withPage(phone, async (page) => {
      await login(fixture, page, owner);
      await page.getByRole("link", { name: /^Team/ }).click();
      await page.waitForURL(fixture.url("/user/team"));
      const team = page.getByRole("region", { name: owner.name });
      await team.getByText("Deine Rolle: Inhaber*in").waitFor();
      await team.getByLabel("E-Mail-Adresse").fill("keine-adresse");
      await team.getByRole("button", { name: "Einladen" }).click();
      await eventually(() => team.getByText("Ungültige E-Mail Adresse!").isVisible()).toBe(true);
      await team.getByLabel("E-Mail-Adresse").fill(member.email);
      await team.getByRole("radio", { name: "Mitglied" }).check();
      await expectNoSeriousAxeViolations(page, "main");
      await team.getByRole("button", { name: "Einladen" }).click();
      await page
        .getByText(`Die Einladung an ${member.email} ist unterwegs.`, { exact: false })
        .waitFor();
      await eventually(() =>
        team.getByText(`${member.email} · Mitglied · gilt bis`).isVisible(),
      ).toBe(true);
    });

    const outbox = { dataDir: fixture.server().dataDir };
    await eventually(
      async () =>
        (await mailsTo(outbox, member.email)).filter((mail) =>
          mail.subject.startsWith(`Einladung ins Team von „${owner.name}“`),
        ).length,
    ).toBe(1);
    const mail = (await mailsTo(outbox, member.email)).find((candidate) =>
      candidate.subject.startsWith("Einladung ins Team"),
    )!;
    expect(mail.text).toContain(`${owner.name} lädt Dich ins Team von „${owner.name}“ ein`);
    invitationLink = `/user/team/einladung?token=${encodeURIComponent(linkParameter(mail, "token"))}`;
  });

  it("the member accepts through the mailed link and edits the party; the link works once", async () => {
    await fixture.withPage(phone, async (page) => {
      // Signed out, the link asks for the login and comes back.
      await open(page, invitationLink);
      await page.waitForURL(/\/user\/login\?weiter=/);
      await page.getByLabel("E-Mail-Adresse").fill(member.email);
      await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Anmelden", exact: true }).click();
      await page.waitForURL(fixture.url(invitationLink));
      await page.getByRole("heading", { name: "Einladung ins Team" }).waitFor();
      expect(
        await page
          .getByText(`lädt Dich ins Team von „${owner.name}“ ein, als Mitglied`)
          .isVisible(),
      ).toBe(true);
      await expectNoSeriousAxeViolations(page, "main");
      await page.getByRole("button", { name: "Einladung annehmen" }).click();
      await page.waitForURL(fixture.url("/user/team?willkommen"));
      await page.getByText("Willkommen im Team!", { exact: false }).waitFor();
      const team = page.getByRole("region", { name: owner.name });
      await team.getByText("Deine Rolle: Mitglied").waitFor();
      // Members neither invite nor remove.
      expect(await team.getByRole("button", { name: "Einladen" }).count()).toBe(0);
      expect(await team.getByRole("button", { name: /aus dem Team entfernen/ }).count()).toBe(0);

      await open(page, "/user/events");
      await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
      await page.waitForURL(fixture.url(`/events/bearbeiten/${partyId}`));
      await page.getByRole("textbox", { name: "Titel", exact: true }).fill(`${title} mit Crew`);
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      await page
        .getByRole("listitem")
        .filter({ hasText: `${title} mit Crew` })
        .waitFor();

      // The same link a second time is refused, in German.
      await open(page, invitationLink);
      await page
        .getByText("Diese Einladung wurde schon angenommen und gilt nur einmal.", { exact: false })
        .waitFor();
      expect(await page.getByRole("button", { name: "Einladung annehmen" }).count()).toBe(0);
    });
    const party = (await (await fetch(fixture.url(`/api/events/${partyId}/`))).json()) as {
      title: string;
    };
    expect(party.title).toBe(`${title} mit Crew`);
  });

  it("after the owner removes the member, they cannot edit it; the party stays", async () => {
    await fixture.withPage(phone, async (page) => {
      await login(fixture, page, owner);
      await open(page, "/user/team");
      const team = page.getByRole("region", { name: owner.name });
      await team.getByRole("button", { name: `${member.name} aus dem Team entfernen` }).click();
      await page.getByText("Die Person ist nicht mehr im Team.", { exact: false }).waitFor();
      await eventually(() => team.getByText(member.name).count()).toBe(0);
    });

    await fixture.withPage(phone, async (page) => {
      await login(fixture, page, member);
      const response = await open(page, `/events/bearbeiten/${partyId}`);
      expect(response?.status()).toBe(404);
      await open(page, "/user/events");
      expect(await page.getByText(title).count()).toBe(0);
    });
    const change = await fetch(fixture.url(`/api/events/${partyId}/`), {
      method: "POST",
      headers: { authorization: memberAuthorization, "content-type": "application/json" },
      body: JSON.stringify({ title: "Gekapert", start: "2030-01-01T23:00", online: true }),
    });
    expect(change.status).toBe(403);
    const party = (await (await fetch(fixture.url(`/api/events/${partyId}/`))).json()) as {
      title: string;
    };
    expect(party.title).toBe(`${title} mit Crew`);
  });

  it("the FAQ tells organisers how teams work", async () => {
    const faq = await (await fetch(fixture.url("/faq"))).text();
    expect(faq).toContain("Können wir unsere Partys als Team pflegen?");
    expect(faq).toContain("gilt sieben Tage und nur einmal");
  });
});
