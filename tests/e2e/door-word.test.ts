import { describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { eventually, login, open } from "./browser-fixtures.ts";
import { setUpClockedPushFixture } from "./clocked-push-fixture.ts";
import { fakePushManager } from "./fake-push-manager.ts";

/**
 * A word from the door (issue 29 point 2, decision 0221), on the built site with a fixed clock:
 * a browser saves a party and switches notifications and live updates on; at 01:30 the party's
 * organiser posts "Einlassstopp" from her phone in two taps; the browser's push service (the
 * local stand-in, as in the follow test) receives it; the party page and "Jetzt" show it with
 * its time; after 06:00 (the server started again on the same data with a later clock) it is
 * gone from "Jetzt", though the party still runs there.
 */

/** Sunday 2026-11-29, 01:30 in Berlin: Saturday's party night. */
const SUNDAY_0130 = "2026-11-29T00:30:00Z";
/** Sunday 06:30 in Berlin: Saturday's night is over; the party runs until 08:00. */
const SUNDAY_0630 = "2026-11-29T05:30:00Z";
const title = "Kellernacht am Samstag";
const organiser = { email: "tuer@example.org", password: "Einlass bis der Morgen graut 2026" };

let partyPath = "";

const fixture = setUpClockedPushFixture({
  startAt: SUNDAY_0130,
  prepare: async (deps) => {
    const owner = await createUser(deps, organiser);
    const club = await createClub(deps, { name: "Tanzkeller" });
    const party = await createEvent(deps, {
      title,
      startsAt: "2026-11-28T22:00:00Z",
      endsAt: new Date("2026-11-29T07:00:00Z"),
      locationId: club.id,
      createdById: owner.id,
    });
    partyPath = `/party/${party.slug}/${party.id}`;
  },
});

async function newPhone() {
  const context = await fixture.browser().newContext({
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
  });
  return { context, page: await context.newPage() };
}

describe("a word from the door", () => {
  it(
    "reaches a browser with live updates by push, shows with its time and goes at 06:00",
    { timeout: 120_000 },
    async () => {
      // A visitor saves the party and switches notifications and live updates on.
      const visitor = await newPhone();
      await visitor.context.grantPermissions(["notifications"], { origin: fixture.server().url });
      await fakePushManager(visitor.page, fixture.push(), "/push/gast");
      try {
        await open(visitor.page, fixture.url(partyPath));
        await visitor.page.waitForFunction(
          () => navigator.serviceWorker.controller !== null,
          undefined,
          { timeout: 30_000 },
        );
        await visitor.page.getByRole("button", { name: "Merken", exact: true }).click();
        await visitor.page.getByRole("button", { name: "Gemerkt", pressed: true }).waitFor();
        await open(visitor.page, fixture.url("/folge-ich"));
        await visitor.page.getByRole("button", { name: "Benachrichtigungen einschalten" }).click();
        await visitor.page.getByText("Benachrichtigungen sind eingeschaltet.").waitFor();
        const liveUpdates = visitor.page.getByRole("button", { name: "Live-Updates von der Tür" });
        expect(await liveUpdates.getAttribute("aria-pressed")).toBe("false");
        await liveUpdates.click();
        await visitor.page
          .getByRole("button", { name: "Live-Updates von der Tür", pressed: true })
          .waitFor();
        await visitor.page.getByText("Live-Updates sind an").waitFor();
      } finally {
        await visitor.context.close();
      }

      // The organiser posts "Einlassstopp" from the party page: one tap to choose, one to send.
      const phone = await newPhone();
      try {
        await login(fixture, phone.page, organiser);
        await open(phone.page, fixture.url(partyPath));
        await phone.page.getByRole("link", { name: "Meldung von der Tür" }).click();
        await phone.page.getByRole("heading", { level: 1, name: "Meldung von der Tür" }).waitFor();
        // Sending without a choice: a German field error, nothing posted.
        await phone.page.getByRole("button", { name: "Senden" }).click();
        await phone.page.getByText("Bitte wähle aus, was an der Tür los ist.").waitFor();
        await phone.page.getByRole("radio", { name: "Einlassstopp" }).check();
        await phone.page.getByRole("button", { name: "Senden" }).click();
        await phone.page.getByText("Deine Meldung ist raus.").waitFor();
        await phone.page.getByText("01:30 Uhr").waitFor();
      } finally {
        await phone.context.close();
      }

      // The push reaches the visitor's push service, once.
      await eventually(() =>
        fixture
          .push()
          .received()
          .map((message) => message.path),
      ).toEqual(["/push/gast"]);
      const payload = JSON.parse(fixture.push().received()[0]!.payload) as {
        title: string;
        body: string;
        url: string;
      };
      expect(payload.title).toBe(`${title}: Einlassstopp`);
      expect(payload.body).toBe("Von der Tür, 01:30 Uhr");
      expect(new URL(payload.url).pathname).toBe(partyPath);

      // Anyone sees it with its time on the party page and in "Jetzt".
      const reader = await newPhone();
      try {
        await open(reader.page, fixture.url(partyPath));
        const card = reader.page.getByTestId("door-words");
        await expect.poll(() => card.textContent()).toContain("01:30 Uhr");
        expect(await card.textContent()).toContain("Einlassstopp");
        await open(reader.page, fixture.url("/"));
        const running = reader.page.getByTestId("running-now-party").filter({ hasText: title });
        expect(await running.getByTestId("running-now-door-word").textContent()).toBe(
          "Tür 01:30 Uhr: Einlassstopp",
        );
      } finally {
        await reader.context.close();
      }

      // After 06:00 the night is over: the party still runs, its word from the door is gone.
      await fixture.restartAt(SUNDAY_0630);
      const morning = await newPhone();
      try {
        await open(morning.page, fixture.url("/"));
        const running = morning.page.getByTestId("running-now-party").filter({ hasText: title });
        await running.waitFor();
        expect(await running.getByTestId("running-now-door-word").count()).toBe(0);
        expect(await morning.page.getByText("Einlassstopp").count()).toBe(0);
        await open(morning.page, fixture.url(partyPath));
        expect(await morning.page.getByTestId("door-words").count()).toBe(0);
      } finally {
        await morning.context.close();
      }
      expect(fixture.push().received()).toHaveLength(1);
    },
  );
});
