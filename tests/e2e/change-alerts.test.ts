import ICAL from "ical.js";
import { afterAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { makeTempDataDir, removeDir, startAppServer, type AppServer } from "./app-server.ts";
import { eventually, login, open, setUpBrowserFixture } from "./browser-fixtures.ts";
import { prepareDataDir } from "./visitor-data.ts";

/**
 * Change alerts (issue 14 item 4, decisions 0184 and 0185), on the built site: a signed-in
 * person saves a party with the heart; its organiser moves it to another club; the person's
 * saved-parties calendar at once carries the new SEQUENCE and place, and once the edits have
 * settled (server restarted with a clock 15 minutes later: the scheduler runs at start) exactly
 * one alert mail arrives, whose opt-out link turns such mails off.
 */

const FRIDAY_EVENING = "2026-11-20T18:00:00Z";
const QUARTER_HOUR_LATER = "2026-11-20T18:15:00Z";
const password = "Umzug in den anderen Club 2026";
const organiser = { email: "umzug@example.org", password };
const fan = { email: "herz@example.org", password };
const title = "Umzugsparty";

const dataDir = makeTempDataDir();
let partyId = 0;
let newClubId = 0;
let later: AppServer | undefined;

// Registered before the fixture, so it runs after it has stopped the server (hooks unwind as a
// stack): the data folder goes only once nothing writes to it.
afterAll(async () => {
  await later?.dispose();
  removeDir(dataDir);
});

const fixture = setUpBrowserFixture(async () => {
  await prepareDataDir(dataDir, async (deps) => {
    const owner = await createUser(deps, { email: organiser.email, password });
    await createUser(deps, { email: fan.email, password });
    const oldClub = await createClub(deps, { name: "Alte Halle" });
    newClubId = (await createClub(deps, { name: "Neuer Keller" })).id;
    const party = await createEvent(deps, {
      title,
      startsAt: "2026-11-21T22:00:00Z",
      endsAt: new Date("2026-11-22T05:00:00Z"),
      locationId: oldClub.id,
      createdById: owner.id,
    });
    partyId = party.id;
  });
  return startAppServer({ dataDir, env: { NODE_ENV: "test", TEST_FIXED_NOW: FRIDAY_EVENING } });
});

async function apiToken(baseUrl: string, credentials: { email: string; password: string }) {
  const answer = await fetch(`${baseUrl}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  return `Bearer ${((await answer.json()) as { access: string }).access}`;
}

/** The party entry of a calendar: its SEQUENCE, place and title (ical.js parses the file). */
function partyEntry(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const entry = calendar
    .getAllSubcomponents("vevent")
    .map((component) => new ICAL.Event(component))
    .find((event) => event.uid.startsWith(`party-${partyId}@`));
  return entry && { sequence: entry.sequence, location: entry.location, summary: entry.summary };
}

const alertMails = async () =>
  (await mailsTo({ dataDir }, fan.email)).filter((mail) => mail.subject.includes(title));

describe("change alerts", () => {
  it("tells the person who saved a party that it moved: new SEQUENCE in the feed, one mail", async () => {
    const fanAuthorization = await apiToken(fixture.url(""), fan);
    const feedPath = await fixture.withPage({}, async (page) => {
      await login(fixture, page, fan);
      await open(page, fixture.url(`/party/umzugsparty/${partyId}`));
      await page.getByRole("button", { name: "Merken", exact: true }).click();
      await eventually(async () => {
        const answer = await fetch(fixture.url("/api/my-saved-parties/"), {
          headers: { authorization: fanAuthorization },
        });
        return ((await answer.json()) as { items: { id: number }[] }).items.map((p) => p.id);
      }).toEqual([partyId]);
      await open(page, fixture.url("/gemerkt"));
      const subscribe = page.getByRole("link", { name: "Kalender abonnieren" });
      await subscribe.waitFor();
      return new URL((await subscribe.getAttribute("href"))!.replace(/^webcal:/, "http:")).pathname;
    });
    const feed = async (baseUrl: string) => (await fetch(`${baseUrl}${feedPath}`)).text();
    expect(partyEntry(await feed(fixture.url("")))).toMatchObject({ sequence: 0 });

    // The organiser moves the party to another club.
    const moved = await fetch(fixture.url(`/api/events/${partyId}/`), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: await apiToken(fixture.url(""), organiser),
      },
      body: JSON.stringify({
        title,
        start: "2026-11-21T23:00",
        end: "2026-11-22T06:00",
        location: newClubId,
      }),
    });
    expect(moved.status).toBe(200);
    const entry = partyEntry(await feed(fixture.url("")));
    expect(entry?.sequence).toBe(1);
    expect(entry?.location).toContain("Neuer Keller");
    // The alert waits until the edits have settled.
    expect(await alertMails()).toEqual([]);

    await fixture.server().stop("SIGINT");
    later = await startAppServer({
      dataDir,
      env: { NODE_ENV: "test", TEST_FIXED_NOW: QUARTER_HOUR_LATER },
    });
    await eventually(async () => (await alertMails()).length).toBe(1);
    const [mail] = await alertMails();
    expect(mail!.subject).toBe(`„${title}“: Neuer Club`);
    expect(mail!.text).toContain("Neuer Club: Neuer Keller");
    expect(mail!.text).toContain(`/party/umzugsparty/${partyId}`);
    expect(partyEntry(await feed(later.url))).toMatchObject({ sequence: 1 });

    // The mail's opt-out link turns these mails off.
    const optOut = /https?:\/\/\S+\/gemerkt\/aenderungs-mails\?token=[^\s)\]]+/.exec(
      mail!.text,
    )![0];
    const browser = fixture.browser();
    const context = await browser.newContext({ locale: "de-DE" });
    try {
      const page = await context.newPage();
      await page.goto(optOut.replace(/^https?:\/\/[^/]+/, later.url));
      await page.getByRole("button", { name: "Änderungs-Mails abbestellen" }).click();
      await page.getByText("Du bekommst keine Änderungs-Mails mehr.").waitFor();
      // A forged link: a German answer with 404, never a 500.
      const forged = await page.goto(
        `${later.url}/gemerkt/aenderungs-mails?token=1.${"A".repeat(43)}`,
      );
      expect(forged?.status()).toBe(404);
      await page.getByText("Dieser Link ist ungültig.").waitFor();
    } finally {
      await context.close();
    }
    expect(await alertMails()).toHaveLength(1);
    const exported = await fetch(`${later.url}/api/my-data/export/`, {
      headers: { authorization: await apiToken(later.url, fan) },
    });
    expect(((await exported.json()) as { change_alert_mails: boolean }).change_alert_mails).toBe(
      false,
    );
  });
});
