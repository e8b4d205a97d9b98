import { sql } from "drizzle-orm";
import {
  addDays,
  formatDay,
  formatTime,
  fromWallClock,
  partyNightOf,
  weekdayOf,
  weekendNightsFrom,
} from "#common/dates.ts";
import type { LineupEntryInput } from "#common/schemas/lineup.ts";
import { slugify } from "#common/slug.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  clubPictureSvg,
  flyerPosterSvg,
  type FlyerPosterContent,
} from "#server/domain/posters/poster-svg.ts";
import type { Database } from "#server/db/client.server.ts";
import { genreCategories, genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { navigationMenus, pages } from "#server/db/schema/content.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { insertLineups } from "#server/domain/lineups/lineup-store.server.ts";
import { insertRowsAsJson } from "#server/db/insert-rows-as-json.server.ts";
import { priceRangeOf } from "#server/domain/events/event-price.ts";
import {
  DEMO_TICKET_BASE_URL,
  demoAgeLimits,
  demoArtists,
  demoClubs,
  demoDayDescriptionExtras,
  demoDayTitleTemplates,
  demoDescriptionExtras,
  demoDescriptionIntros,
  demoFooterMenu,
  demoFreeVenues,
  demoGenreCategories,
  demoLineupShapes,
  demoMainMenu,
  demoMediaUrls,
  demoNightTitleTemplates,
  demoOnlineVenues,
  demoOpenAirDescriptionExtras,
  demoOpenAirTitleTemplates,
  demoOrganizers,
  demoPages,
  demoPrices,
  demoSundayTitleTemplates,
} from "./demo-content.ts";
import { hasGenreCategories } from "./demo-data-owed.server.ts";
import { insertDemoLineups } from "./demo-lineups.ts";
import {
  drawPendingDemoPictures,
  recordDemoPictures,
  type PendingPicture,
} from "./demo-pictures.server.ts";
import { createRandom, type Random } from "./random.ts";

/** Same seed, same demo data. */
const DEMO_SEED = 20_261_120;
const DEMO_EVENT_COUNT = 300;
const SEED_LOCK_KEY = 727_002;
const DAY_MS = 24 * 3_600_000;

type EventInsert = typeof events.$inferInsert;

/** Seeding needs the database, the configuration, the clock and media storage (no mailer etc.). */
export type SeedDeps = Pick<DomainDeps, "db" | "config" | "now" | "storage">;

/** Posters rendered at once; sharp's own thread pool does the rest (measured: decision 0131). */
/** Parties each of these nights gets at least, so the demo is never empty (decision 0131). */
const GUARANTEED_PARTIES = { tonight: 6, tomorrow: 5, weekendNight: 4, sunday: 3 } as const;

// ---------------------------------------------------------------------------------------------
// Demo event factory (shared with generate-events.server.ts)
// ---------------------------------------------------------------------------------------------

export interface CatalogueGenre {
  id: number;
  name: string;
  categorySlug: string;
}

export interface CatalogueOrganizer {
  id: number;
  name: string;
  /** The party series name used in titles. */
  series: string;
  /** The category slug the crew mostly plays, if known. */
  focus: string | null;
}

export interface EventCatalogue {
  genres: CatalogueGenre[];
  clubs: { id: number; name: string }[];
  organizers: CatalogueOrganizer[];
}

export interface DemoEventDraft {
  row: EventInsert;
  genreIds: number[];
  organizerIds: number[];
  /** The line-up in running order, without set times. */
  lineup: LineupEntryInput[];
  /** What its generated flyer shows. */
  poster: FlyerPosterContent;
}

export type VenueKind = "club" | "free" | "online";

export interface DemoEventOptions {
  night: string;
  venue?: VenueKind;
  status?: EventInsert["status"];
  top?: boolean;
}

const categoryWeights: Record<string, number> = {
  techno: 4,
  house: 3,
  "drum-and-bass": 2,
  bass: 1.5,
  sonstiges: 1.2,
};

/** How many events a night of this weekday gets, relatively (0 = Sunday). */
const weekdayWeights = [1.2, 0.4, 0.5, 1, 1.8, 5, 6] as const;
/** The chance that an event on this weekday is a day event (open air, Sunday day party). */
const dayEventChance = [0.35, 0.04, 0.04, 0.04, 0.04, 0.04, 0.15] as const;

const nightStarts: readonly (readonly [readonly [number, number], number])[] = [
  [[22, 0], 2],
  [[22, 30], 1],
  [[23, 0], 4],
  [[23, 30], 1],
  [[0, 0], 2],
  [[0, 30], 1],
];
const dayPrices = demoPrices.filter((price) => !price.nightOnly);

const nightEnds: readonly (readonly [number, number])[] = [
  [4, 0],
  [4, 30],
  [5, 0],
  [5, 30],
  [6, 0],
  [6, 30],
  [7, 0],
  [7, 30],
  [8, 0],
];

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** Picks party nights weighted by weekday (Friday and Saturday busiest). */
export function createNightPicker(
  random: Random,
  firstNight: string,
  nightCount: number,
): () => string {
  const nights: string[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < nightCount; i++) {
    const night = addDays(firstNight, i);
    total += weekdayWeights[weekdayOf(night)] ?? 1;
    nights.push(night);
    cumulative.push(total);
  }
  return () => {
    const roll = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! > roll) high = mid;
      else low = mid + 1;
    }
    return nights[low]!;
  };
}

/**
 * Builds plausible events from a catalogue. Times are wall-clock times in `timeZone`, turned into
 * instants with fromWallClock so daylight-saving changes come out right.
 */
export function createDemoEventFactory(
  random: Random,
  catalogue: EventCatalogue,
  options: { timeZone: string; cityName: string; now: Date },
): (eventOptions: DemoEventOptions) => DemoEventDraft {
  if (catalogue.genres.length === 0) throw new Error("The catalogue has no genres.");
  const { timeZone, cityName, now } = options;

  const genresByCategory = new Map<string, CatalogueGenre[]>();
  for (const genre of catalogue.genres) {
    const list = genresByCategory.get(genre.categorySlug) ?? [];
    list.push(genre);
    genresByCategory.set(genre.categorySlug, list);
  }
  const categoryChoices = [...genresByCategory.keys()].map(
    (slug) => [slug, categoryWeights[slug] ?? 1] as const,
  );
  const organizersByFocus = new Map<string, CatalogueOrganizer[]>();
  for (const organizer of catalogue.organizers) {
    if (!organizer.focus) continue;
    const list = organizersByFocus.get(organizer.focus) ?? [];
    list.push(organizer);
    organizersByFocus.set(organizer.focus, list);
  }

  // fromWallClock formats dates several times; the same few wall-clock times recur constantly.
  const instants = new Map<string, Date>();
  const instant = (day: string, hour: number, minute: number): Date => {
    const key = `${day}T${hour}:${minute}`;
    let value = instants.get(key);
    if (!value) {
      const [year, month, date] = day.split("-").map(Number) as [number, number, number];
      value = fromWallClock({ year, month, day: date, hour, minute }, timeZone);
      instants.set(key, value);
    }
    return value;
  };

  const pickGenres = (categorySlug: string): CatalogueGenre[] => {
    const own = genresByCategory.get(categorySlug) ?? catalogue.genres;
    const count = random.weighted([
      [1, 4],
      [2, 4],
      [3, 2],
    ] as const);
    const chosen = random.sample(own, count);
    if (chosen.length > 1 && random.chance(0.2)) {
      // Now and then a genre from another category, e.g. Techno with a bit of Electro.
      const other = random.pick(catalogue.genres);
      if (!chosen.includes(other)) chosen[chosen.length - 1] = other;
    }
    return chosen;
  };

  const pickOrganizers = (categorySlug: string): CatalogueOrganizer[] => {
    if (catalogue.organizers.length === 0) return [];
    const focused = organizersByFocus.get(categorySlug);
    const first = focused?.length ? random.pick(focused) : random.pick(catalogue.organizers);
    if (!random.chance(0.25) || catalogue.organizers.length < 2) return [first];
    let second = random.pick(catalogue.organizers);
    while (second === first) second = random.pick(catalogue.organizers);
    return [first, second];
  };

  return ({ night, venue = "club", status = "published", top = false }) => {
    const weekday = weekdayOf(night);
    const isDayEvent = random.chance(dayEventChance[weekday] ?? 0.04);
    const month = Number(night.slice(5, 7));
    const isOpenAir = isDayEvent && venue !== "online" && month >= 5 && month <= 9;
    const categorySlug = random.weighted(categoryChoices);
    const chosenGenres = pickGenres(categorySlug);
    const chosenOrganizers = pickOrganizers(categorySlug);
    const [artist, artist2, artist3] = random.sample(demoArtists, 3) as [string, string, string];
    const lead = chosenOrganizers[0];
    const series = lead?.series ?? random.pick(["Clubnacht", "Rave", "Tanznacht"]);
    const series2 =
      chosenOrganizers[1]?.series ??
      (catalogue.organizers.length ? random.pick(catalogue.organizers).series : "Friends");
    const genreName = chosenGenres[0]!.name;

    // Where.
    const venueKind: VenueKind = venue === "club" && catalogue.clubs.length === 0 ? "free" : venue;
    let locationId: number | null = null;
    let venueName: string | null = null;
    let venueAddress: string | null = null;
    let venueLabel: string;
    if (venueKind === "club") {
      const club = random.pick(catalogue.clubs);
      locationId = club.id;
      venueLabel = club.name;
    } else if (venueKind === "free") {
      const place = random.pick(demoFreeVenues);
      venueName = venueLabel = place.name;
      venueAddress = `${place.address}, ${place.postcode} ${cityName}`;
    } else {
      venueName = venueLabel = random.pick(demoOnlineVenues);
    }

    const values: Record<string, string> = {
      series,
      series2,
      organizer: lead?.name ?? series,
      artist,
      artist2,
      artist3,
      genre: genreName,
      n: String(random.int(2, 120)),
      venue: venueLabel,
    };

    // When.
    let startsAt: Date;
    let endsAt: Date;
    let titleTemplate: string;
    if (isDayEvent) {
      startsAt = instant(night, random.int(12, 16), random.pick([0, 0, 30]));
      endsAt = instant(night, random.int(20, 23), 0);
      titleTemplate =
        weekday === 0 && categorySlug === "techno" && random.chance(0.5)
          ? random.pick(demoSundayTitleTemplates)
          : random.pick(isOpenAir ? demoOpenAirTitleTemplates : demoDayTitleTemplates);
    } else {
      const [startHour, startMinute] = random.weighted(nightStarts);
      const morning = addDays(night, 1);
      startsAt = instant(startHour < 12 ? morning : night, startHour, startMinute);
      const [endHour, endMinute] = random.pick(nightEnds);
      endsAt = instant(morning, endHour, endMinute);
      titleTemplate =
        weekday === 0 && categorySlug === "techno" && random.chance(0.4)
          ? random.pick(demoSundayTitleTemplates)
          : random.pick(demoNightTitleTemplates);
    }
    if (venueKind === "online") titleTemplate = `${titleTemplate} (Livestream)`;
    const title = fill(titleTemplate, values);
    const slug = slugify(title);

    // What: the line-up as line-up, the description as text around it.
    const intro = fill(random.pick(demoDescriptionIntros), values);
    const lineup = random.pick(demoLineupShapes).map(([act, floor]) => ({
      artistName: fill(act, values),
      floor,
      startsAt: null,
      endsAt: null,
    }));
    const paragraphs = [intro, random.sample(demoDescriptionExtras, random.int(1, 2)).join("\n")];
    if (isDayEvent) {
      paragraphs.push(
        random.pick(isOpenAir ? demoOpenAirDescriptionExtras : demoDayDescriptionExtras),
      );
    }
    const description = paragraphs.join("\n\n");

    const price = random.chance(venueKind === "online" ? 0.1 : 0.88)
      ? random.pick(isDayEvent ? dayPrices : demoPrices)
      : null;
    const ticketUrl =
      price && (priceRangeOf(price.text).priceMaxCents ?? 0) > 0 && random.chance(0.6)
        ? `${DEMO_TICKET_BASE_URL}${slug}-${random.int(1000, 9999)}`
        : null;
    const mediaUrls =
      venueKind === "online"
        ? [demoMediaUrls[0]!]
        : random.chance(0.3)
          ? random.sample(demoMediaUrls, random.int(1, 2))
          : [];

    const createdAt = new Date(
      Math.min(now.getTime(), startsAt.getTime() - DAY_MS) -
        random.int(0, 40) * DAY_MS -
        random.int(0, 86_399) * 1000,
    );

    return {
      row: {
        title,
        slug,
        description,
        startsAt,
        endsAt,
        locationId,
        venueName,
        venueAddress,
        priceText: price?.text ?? null,
        ...priceRangeOf(price?.text ?? null),
        ageLimit: random.weighted(demoAgeLimits),
        ticketUrl,
        mediaUrls,
        isOnline: venueKind === "online",
        status,
        // Top until the party is over.
        topUntil: top ? endsAt : null,
        createdAt,
        updatedAt: createdAt,
      },
      genreIds: chosenGenres.map((genre) => genre.id),
      organizerIds: chosenOrganizers.map((organizer) => organizer.id),
      lineup,
      poster: {
        title,
        when: `${formatDay(startsAt, timeZone)} · ${formatTime(startsAt, timeZone)} Uhr`,
        place: venueLabel,
        // The headliner first, as flyers do.
        lineup: [
          artist,
          ...lineup.map((entry) => entry.artistName).filter((name) => name !== artist),
        ],
        categorySlug: chosenGenres[0]!.categorySlug,
      },
    };
  };
}

/** Inserts events with their genre and organiser links and line-ups; returns the new ids. */
export async function insertEventDrafts(db: Database, drafts: DemoEventDraft[]): Promise<number[]> {
  if (drafts.length === 0) return [];
  const ids = await insertRowsAsJson(
    db,
    events,
    drafts.map((draft) => draft.row),
    { returningIds: true },
  );
  const genreLinks: (typeof eventGenres.$inferInsert)[] = [];
  const organizerLinks: (typeof eventOrganizers.$inferInsert)[] = [];
  drafts.forEach((draft, index) => {
    const eventId = ids[index]!;
    for (const genreId of draft.genreIds) genreLinks.push({ eventId, genreId });
    draft.organizerIds.forEach((organizerId, position) =>
      organizerLinks.push({ eventId, organizerId, position }),
    );
  });
  await insertRowsAsJson(db, eventGenres, genreLinks);
  await insertRowsAsJson(db, eventOrganizers, organizerLinks);
  await insertLineups(
    db,
    drafts.map((draft, index) => ({ eventId: ids[index]!, entries: draft.lineup })),
  );
  return ids;
}

// ---------------------------------------------------------------------------------------------
// The demo seed
// ---------------------------------------------------------------------------------------------

async function insertCatalogue(
  db: Database,
  deps: SeedDeps,
  pictures: PendingPicture[],
): Promise<EventCatalogue> {
  const now = deps.now();
  const categoryRows = await db
    .insert(genreCategories)
    .values(
      demoGenreCategories.map((category, position) => ({
        name: category.name,
        slug: category.slug,
        position,
      })),
    )
    .returning({ id: genreCategories.id, slug: genreCategories.slug });
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

  const genreRows = await db
    .insert(genres)
    .values(
      demoGenreCategories.flatMap((category) =>
        category.genres.map((genre, position) => ({
          name: genre.name,
          slug: genre.slug,
          categoryId: categoryIds.get(category.slug)!,
          isMain: genre.isMain,
          position,
        })),
      ),
    )
    .returning({ id: genres.id, name: genres.name, categoryId: genres.categoryId });
  const categorySlugs = new Map(categoryRows.map((row) => [row.id, row.slug]));

  const clubs = demoClubs(deps.config.city);
  const clubRows = await db
    .insert(locations)
    .values(
      clubs.map((club) => ({
        ...club,
        slug: slugify(club.name),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: locations.id, name: locations.name });
  clubRows.forEach((row, index) =>
    pictures.push({
      kind: "club",
      targetId: row.id,
      svg: clubPictureSvg({
        name: clubs[index]!.name,
        address: clubs[index]!.address,
        categorySlug: demoGenreCategories[index % demoGenreCategories.length]!.slug,
      }),
    }),
  );

  const organizerRows = await db
    .insert(organizers)
    .values(
      demoOrganizers.map((organizer) => ({
        name: organizer.name,
        slug: slugify(organizer.name),
        description: organizer.description,
        website: organizer.website ?? null,
        instagram: organizer.instagram,
        tiktok: organizer.tiktok ?? null,
        facebook: organizer.facebook ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: organizers.id, name: organizers.name });

  return {
    genres: genreRows.map((row) => ({
      id: row.id,
      name: row.name,
      categorySlug: categorySlugs.get(row.categoryId)!,
    })),
    clubs: clubRows,
    organizers: organizerRows.map((row) => organizerWithSeries(row)),
  };
}

/** Adds the series name and focus the demo data knows for a crew (else its own name). */
export function organizerWithSeries(row: { id: number; name: string }): CatalogueOrganizer {
  const demo = demoOrganizers.find((organizer) => organizer.name === row.name);
  return {
    id: row.id,
    name: row.name,
    series: demo?.series ?? row.name,
    focus: demo?.focus ?? null,
  };
}

/** Distinct random indices in [0, length), `count` of them, avoiding `taken`. */
function pickIndices(random: Random, length: number, count: number, taken: Set<number>): number[] {
  const free = Array.from({ length }, (_, index) => index).filter((index) => !taken.has(index));
  const chosen = random.sample(free, count);
  for (const index of chosen) taken.add(index);
  return chosen;
}

async function insertDemoEvents(
  db: Database,
  deps: SeedDeps,
  catalogue: EventCatalogue,
  pictures: PendingPicture[],
) {
  const random = createRandom(DEMO_SEED);
  const now = deps.now();
  const { timeZone, name: cityName } = deps.config.city;
  const tonight = partyNightOf(now, timeZone);
  const pickNight = createNightPicker(random, addDays(tonight, -30), 90);
  const makeEvent = createDemoEventFactory(random, catalogue, { timeZone, cityName, now });

  const count = DEMO_EVENT_COUNT;
  const guaranteed = guaranteedNights(tonight);
  const nights = [
    ...Array.from({ length: count - guaranteed.length }, () => pickNight()),
    ...guaranteed,
  ].sort();
  // Exact shares, so every seed shows each case.
  const taken = new Set<number>();
  const online = new Set(pickIndices(random, count, 2, taken));
  const free = new Set(pickIndices(random, count, Math.round(count * 0.05), taken));
  const special = new Set<number>();
  const cancelled = new Set(pickIndices(random, count, Math.round(count * 0.03), special));
  const drafts = new Set(pickIndices(random, count, 3, special));
  // Top events among the published ones, a few of them in the coming week so the start page shows some.
  const soon = nights.flatMap((night, index) =>
    night >= tonight && night <= addDays(tonight, 7) && !special.has(index) ? [index] : [],
  );
  const topCount = Math.round(count * 0.08);
  const top = new Set(random.sample(soon, 4));
  for (const index of top) special.add(index);
  for (const index of pickIndices(random, count, topCount - top.size, special)) top.add(index);

  const rows = nights.map((night, index) =>
    makeEvent({
      night,
      venue: online.has(index) ? "online" : free.has(index) ? "free" : "club",
      status: cancelled.has(index) ? "cancelled" : drafts.has(index) ? "draft" : "published",
      top: top.has(index),
    }),
  );
  const ids = await insertEventDrafts(db, rows);
  rows.forEach((draft, index) =>
    pictures.push({ kind: "party", targetId: ids[index]!, svg: flyerPosterSvg(draft.poster) }),
  );
}

/**
 * Nights that get a few parties whatever the random picks: tonight, tomorrow, every night of
 * the coming (or running) weekend and the next Sunday, so the first visit never looks empty.
 */
function guaranteedNights(tonight: string): string[] {
  const tomorrow = addDays(tonight, 1);
  const weekend = weekendNightsFrom(tonight);
  const sunday = addDays(tonight, (7 - weekdayOf(tonight)) % 7);
  const times = (night: string, n: number) => Array.from({ length: n }, () => night);
  return [
    ...times(tonight, GUARANTEED_PARTIES.tonight),
    ...times(tomorrow, GUARANTEED_PARTIES.tomorrow),
    ...weekend.flatMap((night) => times(night, GUARANTEED_PARTIES.weekendNight)),
    ...times(sunday, GUARANTEED_PARTIES.sunday),
  ];
}

/**
 * Fills an empty database with demo content: genres, clubs, crews, 300 parties around now, the
 * legal pages and the menus. Does nothing once any genre category exists. The generated
 * pictures are only recorded (`pending_demo_pictures`), so a first start answers before they
 * exist; `drawPendingDemoPictures` draws them.
 */
export async function seedDemoDataPicturesLater(deps: SeedDeps): Promise<{ seeded: boolean }> {
  if (await hasGenreCategories(deps.db)) return { seeded: false };

  const seeded = await deps.db.transaction(async (tx) => {
    // Several instances may start at once against one PostgreSQL: only one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasGenreCategories(tx)) return false;

    const pictures: PendingPicture[] = [];
    const catalogue = await insertCatalogue(tx, deps, pictures);
    await insertDemoEvents(tx, deps, catalogue, pictures);
    await insertDemoLineups(tx, deps);
    await recordDemoPictures(tx, pictures);

    const now = deps.now();
    await tx
      .insert(pages)
      .values(
        demoPages({ siteName: deps.config.siteName, cityName: deps.config.city.name }).map(
          (page) => ({ ...page, updatedAt: now }),
        ),
      )
      .onConflictDoNothing({ target: pages.slug });
    await tx
      .insert(navigationMenus)
      .values([
        { key: "main", items: demoMainMenu(), updatedAt: now },
        { key: "footer", items: demoFooterMenu, updatedAt: now },
      ])
      .onConflictDoNothing({ target: navigationMenus.key });
    return true;
  });
  return { seeded };
}

/** `seedDemoDataPicturesLater` with the pictures drawn before it answers. */
export async function seedDemoData(deps: SeedDeps): Promise<{ seeded: boolean }> {
  const { seeded } = await seedDemoDataPicturesLater(deps);
  await drawPendingDemoPictures(deps);
  return { seeded };
}
