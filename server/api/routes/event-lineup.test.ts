import { asc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { setUpOrganiserApiScene } from "#tests/factories/organiser-api-scene.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { lineupOf } from "#server/domain/lineups/lineup-store.server.ts";
import { eventJsonLd } from "#server/domain/seo/event-json-ld.server.ts";
import { getArtistPage } from "#server/domain/artists/artists.server.ts";
import { partyCalendarPath } from "#common/urls.ts";

const scene = setUpOrganiserApiScene();

const create = (lineup: unknown, overrides: Record<string, unknown> = {}) =>
  scene.app.inject({
    method: "POST",
    url: "/api/events/",
    headers: bearer(scene.token),
    payload: {
      title: `Nachtschicht ${Math.random()}`,
      start: "2026-11-27T23:00",
      end: "2026-11-28T08:00",
      location: scene.clubId,
      lineup,
      ...overrides,
    },
  });

const entriesOf = (eventId: number) =>
  scene.ctx.deps.db
    .select({
      name: artists.name,
      slug: artists.slug,
      floor: lineupEntries.floor,
      startsAt: lineupEntries.startsAt,
      endsAt: lineupEntries.endsAt,
    })
    .from(lineupEntries)
    .innerJoin(artists, eq(lineupEntries.artistId, artists.id))
    .where(eq(lineupEntries.eventId, eventId))
    .orderBy(asc(lineupEntries.position));

describe("a party's line-up through the API", () => {
  it("saves artists, floors and set times in order; times of day fall into the party night", async () => {
    const response = await create([
      { artist: "Ellen Allien", floor: "Main", start: "01:00", end: "03:00" },
      { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
      { artist: "Bassfräulein", floor: "Garten", start: "2026-11-28T02:00", end: "" },
      { artist: "ellen allien", floor: "Garten" },
    ]);
    expect(response.statusCode).toBe(201);
    const detail = await scene.app.inject({ url: `/api/events/${response.json().id}/` });
    expect(detail.json().lineup[0]).toEqual({
      artist: {
        id: expect.any(Number),
        name: "Ellen Allien",
        slug: "ellen-allien",
        url: "/artist/ellen-allien",
      },
      floor: "Main",
      start: "2026-11-28T00:00:00.000Z",
      end: "2026-11-28T02:00:00.000Z",
    });
    const rows = await entriesOf(response.json().id);
    expect(rows).toEqual([
      {
        name: "Ellen Allien",
        slug: "ellen-allien",
        floor: "Main",
        startsAt: new Date("2026-11-28T00:00:00Z"),
        endsAt: new Date("2026-11-28T02:00:00Z"),
      },
      {
        name: "Nachteule",
        slug: "nachteule",
        floor: "Main",
        startsAt: new Date("2026-11-27T22:00:00Z"),
        endsAt: new Date("2026-11-28T00:00:00Z"),
      },
      {
        name: "Bassfräulein",
        slug: "bassfraeulein",
        floor: "Garten",
        startsAt: new Date("2026-11-28T01:00:00Z"),
        endsAt: null,
      },
      // The same artist, however spelt: one row in artists.
      {
        name: "Ellen Allien",
        slug: "ellen-allien",
        floor: "Garten",
        startsAt: null,
        endsAt: null,
      },
    ]);
  });

  it("replaces the line-up on update", async () => {
    const created = await create([{ artist: "Nachteule", floor: "Main" }]);
    const id = created.json().id;
    const updated = await scene.app.inject({
      method: "POST",
      url: `/api/events/${id}/`,
      headers: bearer(scene.token),
      payload: {
        title: "Nachtschicht neu",
        start: "2026-11-27T23:00",
        location: scene.clubId,
        lineup: [{ artist: "Dr. Motte", floor: "Halle" }],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect((await entriesOf(id)).map((row) => row.name)).toEqual(["Dr. Motte"]);
  });

  it("refuses 200 entries with a German message", async () => {
    const lineup = Array.from({ length: 200 }, (_, index) => ({ artist: `DJ ${index}` }));
    const response = await create(lineup);
    expect(response.statusCode).toBe(400);
    expect(response.json().lineup).toEqual(["Höchstens 100 Einträge im Line-up."]);
  });

  it("refuses overlapping sets on one floor, but not on two floors", async () => {
    const overlapping = await create([
      { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
      { artist: "Ellen Allien", floor: "main", start: "00:30", end: "02:00" },
    ]);
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().lineup).toEqual([
      "Eintrag 2 (Ellen Allien): Überschneidet sich mit Eintrag 1 (Nachteule) auf „main“.",
    ]);
    const twoFloors = await create([
      { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
      { artist: "Ellen Allien", floor: "Garten", start: "00:30", end: "02:00" },
    ]);
    expect(twoFloors.statusCode).toBe(201);
  });

  it("refuses set times outside the party and unreadable times", async () => {
    const outside = await create([{ artist: "Nachteule", start: "07:00", end: "10:00" }]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().lineup).toEqual([
      "Eintrag 1 (Nachteule): Das Set liegt außerhalb der Party.",
    ]);
    const unreadable = await create([{ artist: "Nachteule", start: "25:99" }]);
    expect(unreadable.json().lineup).toEqual([
      "Eintrag 1 (Nachteule): Ungültige Zeit. Gib „23:00“ oder Datum und Uhrzeit an.",
    ]);
    const backwards = await create([{ artist: "Nachteule", start: "03:00", end: "01:00" }]);
    expect(backwards.json().lineup).toEqual([
      "Eintrag 1 (Nachteule): Das Set muss nach seinem Beginn enden.",
    ]);
  });

  it("keeps an artist name with markup as plain text", async () => {
    const response = await create([{ artist: "<b>DJ</b> <script>x</script>" }]);
    expect(response.statusCode).toBe(201);
    const [row] = await entriesOf(response.json().id);
    expect(row!.name).toBe("<b>DJ</b> <script>x</script>");
  });

  it("refuses an entry without an artist", async () => {
    const response = await create([{ artist: "  ", floor: "Main" }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().lineup).toEqual(["Pflichtfeld"]);
  });
});

describe("the line-up on the party's page data, JSON-LD and calendar file", () => {
  it("names the performers in JSON-LD and lists the line-up in the ICS description", async () => {
    const created = await create([
      { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
      { artist: "Ellen Allien", floor: "Main", start: "01:00" },
      { artist: "Nachteule", floor: "Garten", start: "03:00" },
    ]);
    const id = created.json().id as number;
    const event = await getPublicEvent(scene.ctx.deps, id);
    const jsonLd = eventJsonLd(
      event,
      { publicUrl: "https://example.org", timeZone: "Europe/Berlin", description: "" },
      await lineupOf(scene.ctx.deps, id),
    );
    expect(jsonLd.performer).toEqual([
      { "@type": "Person", name: "Nachteule", url: "https://example.org/artist/nachteule" },
      { "@type": "Person", name: "Ellen Allien", url: "https://example.org/artist/ellen-allien" },
    ]);

    const ics = await scene.app.inject({ url: partyCalendarPath(id) });
    expect(ics.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(ics.body));
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(vevent.description).toBe(
      "Line-up\n\nMain:\n23:00–01:00 Nachteule\nab 01:00 Ellen Allien\n\nGarten:\nab 03:00 Nachteule",
    );
  });
});

describe("an artist's page", () => {
  it("lists the artist's upcoming parties and answers 404 for an unknown artist", async () => {
    const created = await create([{ artist: "Artist Seite" }], { title: "Mit Artist" });
    expect(created.statusCode).toBe(201);
    const page = await getArtistPage(scene.ctx.deps, "artist-seite");
    expect(page.artist.name).toBe("Artist Seite");
    expect(page.upcoming.map((event) => event.title)).toEqual(["Mit Artist"]);
    expect(page.past).toEqual([]);
    await expect(getArtistPage(scene.ctx.deps, "niemand")).rejects.toThrow(
      "Diesen Act gibt es nicht.",
    );
  });
});

describe("artists in search", () => {
  it("finds an artist in the results and the suggestions", async () => {
    await create([{ artist: "Sonnenkönig" }], { title: "Suchparty" });
    const results = await scene.app.inject({ url: "/api/search/?q=sonnenkoenig" });
    expect(results.json().artists).toEqual([
      {
        type: "artist",
        id: expect.any(Number),
        title: "Sonnenkönig",
        subtitle: "Artist",
        url: "/artist/sonnenkoenig",
      },
    ]);
    const suggestions = await scene.app.inject({ url: "/api/search/autocomplete/?q=Sonnenk" });
    expect(suggestions.json().results).toContainEqual(
      expect.objectContaining({ type: "artist", title: "Sonnenkönig" }),
    );
  });
});
