import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { createClub, createEvent, createGenre, createOrganizer } from "#tests/factories/catalog.ts";
import { xssCorpus } from "#tests/fixtures/xss-corpus.ts";

/**
 * Fills a fresh DATA_DIR's embedded database before the server starts (the server then skips
 * the demo data, as the catalogue is not empty). Runs `fill` with the factories' deps.
 */
export async function prepareDataDir(dataDir: string, fill: (deps: DomainDeps) => Promise<void>) {
  const { deps, database, close } = await createDeps(
    buildConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" })),
  );
  try {
    await database.migrate();
    await fill(deps);
  } finally {
    await close();
  }
}

/**
 * A November weekend seen at Saturday 02:30 (clock fixed at 2026-11-21T01:30:00Z): Friday's
 * night is still "Heute".
 */
export async function fillNovemberWeekend(deps: DomainDeps) {
  const techno = await createGenre(deps, { name: "Techno", isMain: true });
  const dnb = await createGenre(deps, { name: "Drum and Bass", categoryName: "Drum and Bass" });
  const club = await createClub(deps, { name: "Distillerie Süd" });
  const crew = await createOrganizer(deps, { name: "Kollektiv Nachtschicht" });
  await createEvent(deps, {
    title: "Freitagsklubnacht",
    startsAt: "2026-11-20T22:00:00Z",
    endsAt: new Date("2026-11-21T06:00:00Z"),
    locationId: club.id,
    genreIds: [techno.id],
    organizerIds: [crew.id],
    topUntil: new Date("2026-11-22T00:00:00Z"),
    priceMinCents: 1500,
    ageLimit: 18,
    ticketUrl: "https://tickets.example/freitag",
    description: "**Zehn Stunden** Techno.\n\n- Anna\n- Ben",
    mediaUrls: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
  });
  await createEvent(deps, {
    title: "Späte Runde",
    startsAt: "2026-11-21T00:30:00Z",
    locationId: club.id,
    genreIds: [dnb.id],
  });
  await createEvent(deps, {
    title: "Abgesagte Matinee",
    startsAt: "2026-11-21T14:00:00Z",
    status: "cancelled",
    genreIds: [techno.id],
  });
  await createEvent(deps, {
    title: "Samstag im Hafen",
    startsAt: "2026-11-21T22:00:00Z",
    locationId: club.id,
    organizerIds: [crew.id],
    genreIds: [dnb.id],
  });
  await createEvent(deps, {
    title: "Letzte Woche",
    startsAt: "2026-11-14T22:00:00Z",
    locationId: club.id,
  });
}

/** Organiser text full of script payloads: the pages must show it as text. */
export async function fillXssCorpus(deps: DomainDeps) {
  const genre = await createGenre(deps, { name: "Techno" });
  for (const [index, payload] of xssCorpus.entries()) {
    const club = await createClub(deps, { name: `Club ${index} ${payload}` });
    const crew = await createOrganizer(deps, { name: `Crew ${index} ${payload}` });
    await createEvent(deps, {
      title: `Party ${index} ${payload}`,
      startsAt: new Date(Date.UTC(2026, 10, 20 + (index % 3), 22, index)),
      locationId: club.id,
      organizerIds: [crew.id],
      genreIds: [genre.id],
      description: `Beschreibung ${payload}\n\n${payload}`,
      priceText: payload,
      ticketUrl: "javascript:window.__xss=99",
      mediaUrls: [`javascript:window.__xss=98`],
    });
  }
}

/**
 * The weekend of the spring change (clock fixed at Friday 2027-03-26, 21:00 CET): clocks jump
 * from 02:00 to 03:00 on Sunday 2027-03-28.
 */
export async function fillSpringChangeWeekend(deps: DomainDeps) {
  // A genre makes the catalogue non-empty, so the server adds no demo data.
  await createGenre(deps, { name: "Techno" });
  const club = await createClub(deps, { name: "Umspannwerk" });
  await createEvent(deps, {
    title: "Vor der Umstellung",
    startsAt: "2027-03-27T22:00:00Z",
    endsAt: new Date("2027-03-28T04:00:00Z"),
    locationId: club.id,
  });
  await createEvent(deps, {
    title: "Nach der Umstellung",
    startsAt: "2027-03-28T01:30:00Z",
    locationId: club.id,
  });
  await createEvent(deps, {
    title: "Sonntagabend",
    startsAt: "2027-03-28T16:00:00Z",
    locationId: club.id,
  });
}
