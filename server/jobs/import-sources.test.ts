import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { partyChangeAlerts } from "#server/db/schema/change-alerts.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { duplicateSuspects, importSources } from "#server/db/schema/imports.ts";
import { updateEvent } from "#server/domain/events/event-commands.server.ts";
import { runImportSourcesJob } from "./import-sources-job.server.ts";
import { listPendingEvents } from "#server/domain/moderation/event-moderation.server.ts";
import { feedUrlOf } from "#server/domain/imports/feed-fetch.server.ts";
import { mergeHeldDuplicate } from "#server/domain/imports/held-duplicates.server.ts";
import { partyFormFromUrl } from "#server/domain/imports/party-from-url.server.ts";
import {
  addImportSource,
  syncImportSourceNow,
} from "#server/domain/imports/import-sources.server.ts";

/**
 * Calendar sources (issue 28 point 1, decisions 0233–0235), served by a local HTTP server: an
 * ICS feed and a club's web page with JSON-LD events become parties with clubs, times across the
 * clock change and flyers; the feed's changes raise the revision, a vanished entry is
 * "Abgesagt", a local title edit survives, the same party from two sources is public once; and
 * every kind of bad input is a German error with nothing imported.
 */

// Tuesday 2026-10-20, 12:00 in Berlin (summer time; it ends on Sunday 25 October at 03:00).
const NOW = new Date("2026-10-20T10:00:00Z");

const routes = new Map<string, (response: http.ServerResponse) => void>();
let server: http.Server;
let origin: string;
let ctx: TestContext;
let admin: { id: number; role: "admin" };
let organiser: { id: number; role: "user"; organizerId: number };
let distillery: { id: number };
let conneIsland: { id: number };
let techno: { id: number };
let flyerPng: Buffer;

function serve(
  path: string,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  routes.set(path, (response) => {
    response.writeHead(200, { "content-type": type, ...headers });
    response.end(body);
  });
}

const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//DE", ...events, "END:VCALENDAR", ""].join(
    "\r\n",
  );

const vevent = (lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");

const herbst = (start = "20261024T230000", summary = "Tanz in den Herbst") =>
  vevent([
    "UID:herbst@nachtschicht.example",
    `DTSTART;TZID=Europe/Berlin:${start}`,
    "DTEND;TZID=Europe/Berlin:20261025T060000",
    `SUMMARY:${summary}`,
    "LOCATION:Distillery\\, Kurt-Eisner-Straße 108a\\, 04275 Leipzig",
    `ATTACH;FMTTYPE=image/png:${origin}/flyer.png`,
  ]);

const montagsbar = vevent([
  "UID:montagsbar@nachtschicht.example",
  "DTSTART;TZID=Europe/Berlin:20261019T210000",
  "DTEND;TZID=Europe/Berlin:20261020T020000",
  "RRULE:FREQ=WEEKLY;COUNT=3",
  "SUMMARY:Montagsbar",
  // A typo in the club's name: the typo-tolerant match still finds it.
  "LOCATION:Distillerie\\, Kurt-Eisner-Str. 108a\\, Leipzig",
]);

const clubPage = (eventsJson: unknown[]) => `<!doctype html><html><head><title>Programm</title>
<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": eventsJson })}</script>
</head><body><h1>Programm</h1></body></html>`;

const conneNight = {
  "@type": "MusicEvent",
  "@id": "https://conne.example/programm#nacht",
  name: "Conne Island Nacht &amp; Tag",
  startDate: "2026-10-31T23:00",
  endDate: "2026-11-01T06:00",
  image: "/flyer.png",
  location: {
    "@type": "Place",
    name: "Conne Island",
    address: {
      streetAddress: "Koburger Straße 3",
      postalCode: "04277",
      addressLocality: "Leipzig",
    },
  },
};

const herbstOnPage = {
  "@type": "Event",
  "@id": "https://conne.example/programm#herbst",
  name: "Tanz in den Herbst",
  startDate: "2026-10-24T23:00:00+02:00",
  location: { "@type": "Place", name: "Distillery", address: "Kurt-Eisner-Straße 108a, Leipzig" },
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const handler = routes.get(request.url ?? "");
    if (handler) handler(response);
    else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext({ now: NOW, config: { TEST_FEED_SERVER_URL: origin } });
  const adminUser = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
  admin = { id: adminUser.id, role: "admin" };
  const organiserUser = await createUser(ctx.deps);
  organiser = { id: organiserUser.id, role: "user", organizerId: organiserUser.organizerId! };
  distillery = await createClub(ctx.deps, { name: "Distillery" });
  conneIsland = await createClub(ctx.deps, { name: "Conne Island" });
  await ctx.deps.db
    .update(locations)
    .set({ address: "Kurt-Eisner-Straße 108a" })
    .where(eq(locations.id, distillery.id));
  await ctx.deps.db
    .update(locations)
    .set({ address: "Koburger Straße 3" })
    .where(eq(locations.id, conneIsland.id));
  techno = await createGenre(ctx.deps, { name: "Techno" });
  flyerPng = await sharp({
    create: { width: 400, height: 560, channels: 3, background: "#c04" },
  })
    .png()
    .toBuffer();
  serve("/flyer.png", "image/png", flyerPng);
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});

async function partiesTitled(title: string) {
  return ctx.deps.db.select().from(events).where(eq(events.title, title)).orderBy(events.startsAt);
}

async function eventCount() {
  return (await ctx.deps.db.select({ id: events.id }).from(events)).length;
}

describe("a calendar feed and a club's web page", () => {
  let icsSourceId: number;
  let pageSourceId: number;

  it("become parties with clubs, times across the clock change, flyers, organiser and genres", async () => {
    serve("/nachtschicht.ics", "text/calendar; charset=utf-8", calendar(herbst(), montagsbar));
    const ics = await addImportSource(ctx.deps, organiser, {
      url: `${origin}/nachtschicht.ics`,
      kind: "ics",
      organizer: organiser.organizerId,
      genres: [techno.id],
    });
    icsSourceId = ics.source.id;
    expect(ics.run).toEqual({ ok: true, message: expect.stringContaining("3 neu") as string });

    const [tanz] = await partiesTitled("Tanz in den Herbst");
    expect(tanz).toMatchObject({
      status: "published",
      locationId: distillery.id,
      // 23:00 summer time, until 06:00 winter time.
      startsAt: new Date("2026-10-24T21:00:00Z"),
      endsAt: new Date("2026-10-25T05:00:00Z"),
      createdById: organiser.id,
    });
    expect(tanz!.flyerPath).toMatch(
      new RegExp(`^flyers/u${organiser.id}/[a-f0-9]{32}-800\\.webp$`),
    );
    expect(
      await ctx.deps.db.select().from(eventGenres).where(eq(eventGenres.eventId, tanz!.id)),
    ).toEqual([{ eventId: tanz!.id, genreId: techno.id }]);
    expect(
      (
        await ctx.deps.db
          .select()
          .from(eventOrganizers)
          .where(eq(eventOrganizers.eventId, tanz!.id))
      ).map((row) => row.organizerId),
    ).toEqual([organiser.organizerId]);

    // The series: Monday 19 October has passed; 26 October and 2 November are in winter time.
    const bars = await partiesTitled("Montagsbar");
    expect(bars.map((bar) => [bar.startsAt.toISOString(), bar.locationId])).toEqual([
      ["2026-10-26T20:00:00.000Z", distillery.id],
      ["2026-11-02T20:00:00.000Z", distillery.id],
    ]);

    serve("/conne.html", "text/html; charset=utf-8", clubPage([conneNight, herbstOnPage]));
    const page = await addImportSource(ctx.deps, admin, {
      url: `${origin}/conne.html`,
      kind: "web_page",
      location: conneIsland.id,
    });
    expect(page.run.ok).toBe(true);
    pageSourceId = page.source.id;
    const [conne] = await partiesTitled("Conne Island Nacht & Tag");
    expect(conne).toMatchObject({
      status: "published",
      locationId: conneIsland.id,
      startsAt: new Date("2026-10-31T22:00:00Z"),
      endsAt: new Date("2026-11-01T05:00:00Z"),
    });
    expect(conne!.flyerPath).toMatch(/-800\.webp$/);
  });

  it("shows the same party from both sources once, the second held for „Ist das dieselbe Party?“", async () => {
    const copies = await partiesTitled("Tanz in den Herbst");
    expect(copies.map((party) => party.status).sort()).toEqual(["pending", "published"]);
    const held = copies.find((party) => party.status === "pending")!;
    const kept = copies.find((party) => party.status === "published")!;
    expect(
      await ctx.deps.db
        .select()
        .from(duplicateSuspects)
        .where(eq(duplicateSuspects.eventId, held.id)),
    ).toEqual([expect.objectContaining({ existingEventId: kept.id })]);
    const [waiting] = (await listPendingEvents(ctx.deps)).filter((event) => event.id === held.id);
    expect(waiting?.duplicateOf).toMatchObject({ id: kept.id, title: "Tanz in den Herbst" });

    // "Ja, dieselbe": the copy goes; the page's next run updates the kept party, adds no copy.
    await mergeHeldDuplicate(ctx.deps, admin, held.id);
    await syncImportSourceNow(ctx.deps, admin, pageSourceId);
    expect((await partiesTitled("Tanz in den Herbst")).map((party) => party.id)).toEqual([kept.id]);
  });

  it("raises the revision and queues the change alert when the feed moves a party", async () => {
    serve("/nachtschicht.ics", "text/calendar", calendar(herbst("20261024T233000"), montagsbar));
    const run = await syncImportSourceNow(ctx.deps, organiser, icsSourceId);
    expect(run.message).toContain("1 geändert");
    const [tanz] = (await partiesTitled("Tanz in den Herbst")).filter(
      (party) => party.status === "published",
    );
    expect(tanz).toMatchObject({ startsAt: new Date("2026-10-24T21:30:00Z"), revision: 1 });
    const [alert] = await ctx.deps.db
      .select()
      .from(partyChangeAlerts)
      .where(eq(partyChangeAlerts.eventId, tanz!.id));
    expect(alert?.pendingKinds).toEqual(["time"]);
  });

  it("keeps a title the organiser changed here, while the feed's other changes still come", async () => {
    const [tanz] = (await partiesTitled("Tanz in den Herbst")).filter(
      (party) => party.status === "published",
    );
    // The organiser's own edit, through the event form's domain function.
    await updateEvent(ctx.deps, organiser, tanz!.id, {
      title: "Tanz in den Herbst – mit Live-Act",
      start: toDateTimeInput(tanz!.startsAt, "Europe/Berlin"),
      end: toDateTimeInput(tanz!.endsAt!, "Europe/Berlin"),
      location: distillery.id,
      organizers: [organiser.organizerId],
      genres: [techno.id],
      flyer: tanz!.flyerPath,
    });
    serve(
      "/nachtschicht.ics",
      "text/calendar",
      calendar(herbst("20261024T220000", "Herbsttanz"), montagsbar),
    );
    await syncImportSourceNow(ctx.deps, organiser, icsSourceId);
    const [after] = await ctx.deps.db.select().from(events).where(eq(events.id, tanz!.id));
    expect(after).toMatchObject({
      title: "Tanz in den Herbst – mit Live-Act",
      startsAt: new Date("2026-10-24T20:00:00Z"),
      revision: 2,
    });
  });

  it("marks parties gone from the feed „Abgesagt“, never deletes them", async () => {
    serve("/nachtschicht.ics", "text/calendar", calendar(herbst("20261024T220000", "Herbsttanz")));
    const run = await syncImportSourceNow(ctx.deps, organiser, icsSourceId);
    expect(run.message).toContain("2 abgesagt");
    const bars = await partiesTitled("Montagsbar");
    expect(bars.map((bar) => bar.status)).toEqual(["cancelled", "cancelled"]);
    const alerts = await ctx.deps.db
      .select()
      .from(partyChangeAlerts)
      .where(
        inArray(
          partyChangeAlerts.eventId,
          bars.map((bar) => bar.id),
        ),
      );
    expect(alerts.map((alert) => alert.pendingKinds)).toEqual([["cancelled"], ["cancelled"]]);
  });

  it("asks again with the validators, and the job takes sources when they are due", async () => {
    serve("/etag.ics", "text/calendar", calendar(), { etag: '"v1"' });
    const added = await addImportSource(ctx.deps, organiser, {
      url: `${origin}/etag.ics`,
      kind: "ics",
      organizer: organiser.organizerId,
    });
    routes.set("/etag.ics", (response) => {
      response.writeHead(304);
      response.end();
    });
    ctx.setNow(new Date(NOW.getTime() + 2 * 3_600_000));
    const run = await runImportSourcesJob(ctx.deps);
    expect(run.ran).toBe(true);
    const [source] = await ctx.deps.db
      .select()
      .from(importSources)
      .where(eq(importSources.id, added.source.id));
    expect(source).toMatchObject({
      lastResult: "Unverändert seit dem letzten Abruf.",
      etag: '"v1"',
    });
    ctx.setNow(NOW);
  });

  it("reads webcal:// as https://", () => {
    expect(feedUrlOf("webcal://kalender.example/club.ics")?.href).toBe(
      "https://kalender.example/club.ics",
    );
  });
});

describe("Von Webseite übernehmen", () => {
  it("fills the event form from a page's first coming event, its club matched", async () => {
    serve("/eine-party.html", "text/html", clubPage([conneNight]));
    expect(
      await partyFormFromUrl(ctx.deps, organiser, { from_url: `${origin}/eine-party.html` }),
    ).toEqual({
      title: "Conne Island Nacht & Tag",
      start: "2026-10-31T23:00",
      end: "2026-11-01T06:00",
      location: conneIsland.id,
      venue_name: "",
      venue_address: "",
      description: "",
      ticket_url: `${origin}/eine-party.html`,
    });
  });

  it("answers a page without events, or no http address, with a German field error", async () => {
    serve("/leer.html", "text/html", "<html><body>Nichts los</body></html>");
    await expect(
      partyFormFromUrl(ctx.deps, organiser, { from_url: `${origin}/leer.html` }),
    ).rejects.toMatchObject({
      fieldErrors: { from_url: [expect.stringMatching(/keine Veranstaltungen/) as string] },
    });
    await expect(
      partyFormFromUrl(ctx.deps, organiser, { from_url: "ftp://example.org/x.ics" }),
    ).rejects.toMatchObject({
      fieldErrors: { from_url: [expect.stringContaining("http") as string] },
    });
  });
});

describe("bad input", () => {
  async function refused(path: string, kind: "ics" | "web_page" = "ics") {
    const before = await eventCount();
    const { source, run } = await addImportSource(ctx.deps, admin, {
      url: `${origin}${path}`,
      kind,
      location: distillery.id,
    });
    expect(run.ok).toBe(false);
    expect(await eventCount()).toBe(before);
    const [stored] = await ctx.deps.db
      .select()
      .from(importSources)
      .where(eq(importSources.id, source.id));
    expect(stored!.lastError).toBe(run.message);
    expect(stored!.failures).toBe(1);
    // Backed off: an hour after the first failure.
    expect(stored!.nextFetchAt).toEqual(new Date(NOW.getTime() + 3_600_000));
    return run.message;
  }

  it("refuses a web page given as a calendar, and a page without events", async () => {
    serve("/page-as-ics", "text/html", clubPage([]));
    expect(await refused("/page-as-ics")).toMatch(/kein Kalender \(ICS\)/);
    expect(await refused("/page-as-ics", "web_page")).toMatch(/keine Veranstaltungen/);
  });

  it("refuses a redirect to a private address and addresses on other ports", async () => {
    routes.set("/to-private", (response) => {
      response.writeHead(302, { location: "http://10.0.0.1/feed.ics" });
      response.end();
    });
    const refusal = "nur http(s) auf den Ports 80 und 443 zu öffentlichen Adressen";
    expect(await refused("/to-private")).toContain(refusal);
    const { run } = await addImportSource(ctx.deps, admin, {
      url: "http://127.0.0.1:5432/",
      kind: "ics",
      location: distillery.id,
    });
    expect(run.message).toContain(refusal);
  });

  it("refuses a huge answer", async () => {
    serve("/huge.ics", "text/calendar", Buffer.alloc(2_100_000, "A"));
    expect(await refused("/huge.ics")).toMatch(/zu groß/);
  });

  // Waits the whole 10 s budget: the timeout leaves it three times that on a busy machine.
  it("refuses an answer that does not come in time", { timeout: 40_000 }, async () => {
    routes.set("/slow.ics", (response) => {
      response.writeHead(200, { "content-type": "text/calendar" });
      response.write("BEGIN:VCALENDAR\r\n");
    });
    expect(await refused("/slow.ics")).toMatch(/nicht innerhalb von 10 Sekunden/);
  });

  it("refuses broken dates, endless repeats, unknown zones, duplicate UIDs and markup in titles", async () => {
    const good = vevent([
      "UID:good@x",
      "DTSTART;TZID=Europe/Berlin:20261030T230000",
      "SUMMARY:Gute Party",
    ]);
    const cases: [string, RegExp][] = [
      [
        vevent(["UID:b@x", "DTSTART:2026-13-45", "SUMMARY:Kaputt"]),
        /„Kaputt“ hat kein gültiges Datum/,
      ],
      [
        vevent(["UID:r@x", "DTSTART:20261021T210000Z", "RRULE:FREQ=HOURLY", "SUMMARY:Immer"]),
        /„Immer“ wiederholt sich zu oft/,
      ],
      [
        vevent(["UID:z@x", "DTSTART;TZID=Mars/Olympus:20261030T230000", "SUMMARY:Fern"]),
        /Zeitzone „Mars\/Olympus“/,
      ],
      [good, /UID „good@x“ mehrfach/],
      [
        vevent(["UID:m@x", "DTSTART:20261030T220000Z", "SUMMARY:<b>Fett</b> <script>x</script>"]),
        /enthält HTML-Auszeichnungen/,
      ],
    ];
    for (const [index, [bad, message]] of cases.entries()) {
      serve(`/bad-${index}.ics`, "text/calendar", calendar(good, bad));
      expect(await refused(`/bad-${index}.ics`)).toMatch(message);
    }
    expect(await partiesTitled("Gute Party")).toEqual([]);
  });

  it("reads another time zone as that zone's time", async () => {
    serve(
      "/new-york.ics",
      "text/calendar",
      calendar(
        vevent([
          "UID:ny@x",
          "DTSTART;TZID=America/New_York:20261030T170000",
          "SUMMARY:Stream aus New York",
        ]),
      ),
    );
    const { run } = await addImportSource(ctx.deps, admin, {
      url: `${origin}/new-york.ics`,
      kind: "ics",
      location: distillery.id,
    });
    expect(run.ok).toBe(true);
    const [party] = await partiesTitled("Stream aus New York");
    expect(party!.startsAt).toEqual(new Date("2026-10-30T21:00:00Z"));
  });

  it("refuses addresses that are no http(s) with a field error", async () => {
    await expect(
      addImportSource(ctx.deps, organiser, {
        url: "file:///etc/passwd",
        kind: "ics",
        organizer: organiser.organizerId,
      }),
    ).rejects.toMatchObject({ fieldErrors: { url: [expect.stringContaining("http") as string] } });
    await expect(
      addImportSource(ctx.deps, organiser, {
        url: `${origin}/nachtschicht.ics`,
        kind: "ics",
        location: conneIsland.id,
      }),
    ).rejects.toMatchObject({
      fieldErrors: { location: ["Quellen für einen Club legt die Redaktion an."] },
    });
    expect(
      await ctx.deps.db
        .select()
        .from(importSources)
        .where(
          and(
            eq(importSources.addedById, organiser.id),
            eq(importSources.url, "file:///etc/passwd"),
          ),
        ),
    ).toEqual([]);
  });
});
