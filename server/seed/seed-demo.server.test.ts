import { asc, count, eq, isNotNull, notExists, notInArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { addDays, partyNightOf, toWallClock, weekdayOf, weekendNightsFrom } from "#common/dates.ts";
import { flyerVariantPath, FLYER_WIDTHS } from "#common/flyer-sizes.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { genreCategories, genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { navigationMenus, pages } from "#server/db/schema/content.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import { legalTexts } from "#server/domain/pages/legal-texts.ts";
import { getPage } from "#server/domain/pages/pages.server.ts";
import { pendingDemoPictures } from "#server/db/schema/demo-pictures.ts";
import { demoArtists } from "./demo-content.ts";
import { drawPendingDemoPictures } from "./demo-pictures.server.ts";
import { seedDemoData, seedDemoDataPicturesLater } from "./seed-demo.server.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

async function counts() {
  const { db } = ctx.deps;
  const total = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    locations: await total(locations),
    organizers: await total(organizers),
    categories: await total(genreCategories),
    genres: await total(genres),
    events: await total(events),
    eventGenres: await total(eventGenres),
    eventOrganizers: await total(eventOrganizers),
    pages: await total(pages),
    menus: await total(navigationMenus),
  };
}

describe("seedDemoData", () => {
  // Seeding renders ~330 posters with sharp: seconds, more on a busy machine.
  it("fills an empty database with the demo content", { timeout: 180_000 }, async () => {
    expect(await seedDemoData(ctx.deps)).toEqual({ seeded: true });
    const seeded = await counts();
    expect(seeded.locations).toBeGreaterThanOrEqual(25);
    expect(seeded.organizers).toBe(40);
    expect(seeded.categories).toBe(5);
    expect(seeded.genres).toBe(25);
    expect(seeded.events).toBe(300);
    expect(seeded.menus).toBe(2);
  });

  it("puts every club in the configured city with coordinates", async () => {
    const rows = await ctx.deps.db.select().from(locations);
    for (const row of rows) {
      expect(row.city).toBe("Leipzig");
      expect(row.lat).toBeTypeOf("number");
      expect(row.lng).toBeTypeOf("number");
      expect(row.postcode).toMatch(/^04\d{3}$/);
      expect(row.description.length).toBeGreaterThan(40);
    }
  });

  it("orders the categories and marks main genres", async () => {
    const categories = await ctx.deps.db
      .select({ name: genreCategories.name })
      .from(genreCategories)
      .orderBy(genreCategories.position);
    expect(categories.map((category) => category.name)).toEqual([
      "Techno",
      "House",
      "Drum and Bass",
      "Bass",
      "Sonstiges",
    ]);
    const main = await ctx.deps.db
      .select({ slug: genres.slug })
      .from(genres)
      .where(eq(genres.isMain, true));
    expect(main.map((genre) => genre.slug)).toEqual(
      expect.arrayContaining(["techno", "house", "drum-and-bass", "dubstep", "electro"]),
    );
  });

  it("spreads parties around now with the usual mix of cases", async () => {
    const { deps } = ctx;
    const now = deps.now();
    const timeZone = deps.config.city.timeZone;
    const rows = await deps.db.select().from(events);

    expect(rows.some((row) => row.startsAt < now)).toBe(true);
    expect(rows.some((row) => row.startsAt > now)).toBe(true);
    expect(rows.filter((row) => row.topUntil !== null).length).toBeGreaterThan(0);
    expect(rows.some((row) => row.status === "cancelled")).toBe(true);
    expect(rows.some((row) => row.status === "draft")).toBe(true);
    expect(rows.filter((row) => row.isOnline).length).toBeGreaterThanOrEqual(1);
    expect(rows.some((row) => row.locationId === null && row.venueAddress)).toBe(true);
    expect(rows.some((row) => row.mediaUrls.length > 0)).toBe(true);
    // Upcoming top parties, so the start page has some to show.
    expect(rows.some((row) => row.topUntil !== null && row.topUntil > now)).toBe(true);

    const tonight = partyNightOf(now, timeZone);
    let dayEvents = 0;
    let weekendEvents = 0;
    for (const row of rows) {
      const start = toWallClock(row.startsAt, timeZone);
      const isNight = start.hour >= 22 || start.hour === 0;
      const isDay = start.hour >= 12 && start.hour <= 16;
      expect(isNight || isDay, `${row.title} starts at ${start.hour}:${start.minute}`).toBe(true);
      expect(row.endsAt).not.toBeNull();
      const end = toWallClock(row.endsAt!, timeZone);
      if (isDay) {
        dayEvents++;
        expect(end.hour).toBeGreaterThanOrEqual(20);
      } else {
        expect(end.hour * 60 + end.minute).toBeGreaterThanOrEqual(4 * 60);
        expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(8 * 60);
      }
      expect(row.endsAt!.getTime()).toBeGreaterThan(row.startsAt.getTime());

      const night = partyNightOf(row.startsAt, timeZone);
      const offset = (Date.parse(night) - Date.parse(tonight)) / 86_400_000;
      expect(offset).toBeGreaterThanOrEqual(-30);
      expect(offset).toBeLessThan(60);
      const weekday = new Date(`${night}T00:00:00Z`).getUTCDay();
      if (weekday === 5 || weekday === 6) weekendEvents++;

      if (row.topUntil) expect(row.status).toBe("published");
      if (row.priceText !== null) {
        expect(row.priceMinCents).not.toBeNull();
        expect(row.priceMinCents!).toBeLessThanOrEqual(row.priceMaxCents!);
      } else {
        expect(row.priceMinCents).toBeNull();
      }
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(dayEvents).toBeGreaterThan(10);
    expect(dayEvents).toBeLessThan(60);
    // Friday and Saturday are 2 of 7 nights but carry most parties.
    expect(weekendEvents / rows.length).toBeGreaterThan(0.5);
  });

  it("links every party to genres and organisers", async () => {
    const { db } = ctx.deps;
    const orphans = async (links: typeof eventGenres | typeof eventOrganizers) =>
      (
        await db
          .select({ n: count() })
          .from(events)
          .where(
            notExists(
              db
                .select({ one: sql`1` })
                .from(links)
                .where(eq(links.eventId, events.id)),
            ),
          )
      )[0]!.n;
    expect(await orphans(eventGenres)).toBe(0);
    expect(await orphans(eventOrganizers)).toBe(0);
  });

  it("gives a few upcoming parties a timetable with two floors", async () => {
    const rows = await ctx.deps.db
      .select({ eventId: lineupEntries.eventId, floor: lineupEntries.floor })
      .from(lineupEntries)
      .where(isNotNull(lineupEntries.startsAt));
    expect(new Set(rows.map((row) => row.eventId)).size).toBe(8);
    expect(new Set(rows.map((row) => row.floor))).toEqual(new Set(["Main", "Floor 2"]));
  });

  it("keeps every party's line-up in its line-up, none in its description (issue 26)", async () => {
    const { db } = ctx.deps;
    const acts = await db
      .select({ eventId: lineupEntries.eventId, name: artists.name })
      .from(lineupEntries)
      .innerJoin(artists, eq(artists.id, lineupEntries.artistId));
    const rows = await db.select({ id: events.id, description: events.description }).from(events);
    for (const { id, description } of rows) {
      const lineup = acts.filter((act) => act.eventId === id).map((act) => act.name);
      expect(lineup.length, `party ${id}`).toBeGreaterThan(0);
      expect(description, `party ${id}`).not.toMatch(/Line-up|Floor \d|Warm-up|b2b/);
      // An act the description names (the headliner) plays.
      for (const named of demoArtists.filter((name) => description?.includes(name))) {
        expect(lineup, `party ${id}: ${description}`).toContain(named);
      }
    }
  });

  it("writes the pages and menus", async () => {
    const rows = await ctx.deps.db.select().from(pages);
    const bySlug = new Map(rows.map((page) => [page.slug, page]));
    expect(bySlug.get("impressum")?.title).toBe("Impressum");
    expect(bySlug.get("datenschutzerklaerung")?.title).toBe("Datenschutzerklärung");
    expect(bySlug.get("faq")?.title).toBe("Häufige Fragen");
    expect(bySlug.get("datenschutzerklaerung")?.body).toContain("Double-Opt-in");
    expect((bySlug.get("faq")?.body.match(/^## /gm) ?? []).length).toBeGreaterThanOrEqual(6);

    const [main] = await ctx.deps.db
      .select()
      .from(navigationMenus)
      .where(eq(navigationMenus.key, "main"));
    const genresItem = main?.items.find((item) => item.label === "Genres");
    expect(genresItem?.url).toBe("/party/genre");
    // Each genre family opens its family genre, or its group on the overview (decision 0125).
    expect(genresItem?.children?.map((item) => [item.label, item.url])).toEqual([
      ["Techno", "/party/genre/techno"],
      ["House", "/party/genre/house"],
      ["Drum and Bass", "/party/genre/drum-and-bass"],
      ["Bass", "/party/genre#kategorie-bass"],
      ["Sonstiges", "/party/genre#kategorie-sonstiges"],
    ]);
    const [footer] = await ctx.deps.db
      .select()
      .from(navigationMenus)
      .where(eq(navigationMenus.key, "footer"));
    expect(footer?.items.map((item) => item.url)).toContain("/party/genre");
    const topEvents = await ctx.deps.db
      .select({ n: count() })
      .from(events)
      .where(isNotNull(events.topUntil));
    expect(topEvents[0]!.n).toBe(24);
  });

  it("gives every party a generated flyer in the widths of uploads", async () => {
    const rows = await ctx.deps.db
      .select({ title: events.title, flyerPath: events.flyerPath })
      .from(events);
    const paths = new Set<string>();
    for (const row of rows) {
      expect(row.flyerPath, row.title).toMatch(/^flyers\/generated\/[a-f0-9]{32}-800\.webp$/);
      paths.add(row.flyerPath!);
    }
    // One drawing per party: titles, dates and clubs differ.
    expect(paths.size).toBeGreaterThan(rows.length * 0.95);
    const sample = rows[0]!.flyerPath!;
    for (const width of FLYER_WIDTHS) {
      const file = await ctx.deps.storage.get(flyerVariantPath(sample, width)!);
      expect(file?.contentType).toBe("image/webp");
      const metadata = await sharp(file!.body).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width! / metadata.height!).toBeCloseTo(4 / 5, 2);
    }
  });

  it("gives every club a generated picture", async () => {
    const rows = await ctx.deps.db.select().from(locations);
    for (const row of rows) {
      expect(row.images).toHaveLength(1);
      expect((await ctx.deps.storage.get(row.images[0]!))?.contentType).toBe("image/webp");
    }
  });

  it("always has parties tonight, tomorrow, at the weekend and on Sunday evening", async () => {
    const timeZone = ctx.deps.config.city.timeZone;
    const tonight = partyNightOf(ctx.deps.now(), timeZone);
    const rows = await ctx.deps.db
      .select({ startsAt: events.startsAt, status: events.status })
      .from(events)
      .where(eq(events.status, "published"));
    const perNight = new Map<string, number>();
    for (const row of rows) {
      const night = partyNightOf(row.startsAt, timeZone);
      perNight.set(night, (perNight.get(night) ?? 0) + 1);
    }
    const sunday = addDays(tonight, (7 - weekdayOf(tonight)) % 7);
    expect(perNight.get(tonight) ?? 0).toBeGreaterThanOrEqual(4);
    expect(perNight.get(addDays(tonight, 1)) ?? 0).toBeGreaterThanOrEqual(4);
    for (const night of weekendNightsFrom(tonight)) {
      expect(perNight.get(night) ?? 0, night).toBeGreaterThanOrEqual(3);
    }
    expect(perNight.get(sunday) ?? 0).toBeGreaterThanOrEqual(2);
  });

  it("does nothing the second time", async () => {
    const before = await counts();
    const files = async () => {
      const keys: string[] = [];
      for await (const key of ctx.deps.storage.list()) keys.push(key);
      return keys.length;
    };
    const filesBefore = await files();
    expect(await seedDemoData(ctx.deps)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    expect(await files()).toBe(filesBefore);
  });
});

it("uses the configured city for the clubs", { timeout: 180_000 }, async () => {
  const other = await createTestContext({
    config: { CITY_NAME: "Dresden", CITY_LAT: "51.0504", CITY_LNG: "13.7373" },
  });
  try {
    // The pictures (drawn in the test above) play no part in where the clubs are.
    await seedDemoDataPicturesLater(other.deps);
    const rows = await other.deps.db.select().from(locations);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const row of rows) {
      expect(row.city).toBe("Dresden");
      expect(Math.abs(row.lat! - 51.0504)).toBeLessThan(0.1);
      expect(Math.abs(row.lng! - 13.7373)).toBeLessThan(0.1);
    }
    const [freeAddress] = await other.deps.db
      .select({ venueAddress: events.venueAddress })
      .from(events)
      .where(isNotNull(events.venueAddress))
      .limit(1);
    expect(freeAddress?.venueAddress).toMatch(/ Dresden$/);
  } finally {
    await other.close();
  }
});

it(
  "seeds without pictures first, draws them later across a stop, keeping a flyer set in between",
  { timeout: 180_000 },
  async () => {
    const fresh = await createTestContext();
    try {
      expect(await seedDemoDataPicturesLater(fresh.deps)).toEqual({ seeded: true });
      const { db } = fresh.deps;
      const withFlyer = async () =>
        (await db.select({ n: count() }).from(events).where(isNotNull(events.flyerPath)))[0]!.n;
      const withPicture = async () =>
        (
          await db
            .select({ n: count() })
            .from(locations)
            .where(sql`${locations.images} <> '[]'::jsonb`)
        )[0]!.n;
      expect(await withFlyer()).toBe(0);
      expect(await withPicture()).toBe(0);

      // Ten clubs' and twenty parties' pictures: three batches show the drawing across a stop as
      // well as all 330 would (the test above draws them all), for a tenth of the work.
      const pendingOf = (kind: "club" | "party", limit: number) =>
        db
          .select({ id: pendingDemoPictures.id, targetId: pendingDemoPictures.targetId })
          .from(pendingDemoPictures)
          .where(eq(pendingDemoPictures.kind, kind))
          .orderBy(asc(pendingDemoPictures.id))
          .limit(limit);
      const clubs = await pendingOf("club", 10);
      const parties = await pendingOf("party", 20);
      expect(clubs).toHaveLength(10);
      expect(parties).toHaveLength(20);
      await db.delete(pendingDemoPictures).where(
        notInArray(
          pendingDemoPictures.id,
          [...clubs, ...parties].map((picture) => picture.id),
        ),
      );

      // An organiser uploads a flyer before the drawing is done: theirs stays.
      const first = parties.at(-1)!.targetId;
      await db
        .update(events)
        .set({ flyerPath: "flyers/u1/own-480.webp" })
        .where(eq(events.id, first));

      // A stop after the first batch leaves the rest for the next start.
      let batches = 0;
      const drawnFirst = await drawPendingDemoPictures(fresh.deps, () => batches++ > 0);
      expect(drawnFirst).toBeGreaterThan(0);
      expect((await db.select({ n: count() }).from(pendingDemoPictures))[0]!.n).toBeGreaterThan(0);

      const drawnLater = await drawPendingDemoPictures(fresh.deps);
      expect(drawnFirst + drawnLater).toBe(30);
      expect((await db.select({ n: count() }).from(pendingDemoPictures))[0]!.n).toBe(0);
      expect(await withFlyer()).toBe(20);
      expect(await withPicture()).toBe(10);
      const [kept] = await db
        .select({ flyerPath: events.flyerPath })
        .from(events)
        .where(eq(events.id, first));
      expect(kept!.flyerPath).toBe("flyers/u1/own-480.webp");
    } finally {
      await fresh.close();
    }
  },
);

describe("a fresh seeded site", () => {
  it("show no bracketed gap on any page of a fresh seeded site", { timeout: 180_000 }, async () => {
    const fresh = await createTestContext();
    try {
      // As a start seeds it (prepareDatabase): the pages come before the pictures are drawn.
      await seedDemoDataPicturesLater(fresh.deps);
      const stored = await fresh.deps.db.select({ slug: pages.slug }).from(pages);
      const slugs = new Set([...stored.map((row) => row.slug), ...legalTexts.map((t) => t.slug)]);
      expect(slugs.size).toBeGreaterThan(2);
      for (const slug of slugs) {
        const { html } = await getPage(fresh.deps, slug);
        expect(html, slug).not.toMatch(/\[|\{\{/);
      }
    } finally {
      await fresh.close();
    }
  });
});
