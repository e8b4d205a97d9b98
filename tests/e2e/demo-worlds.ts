import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { inject } from "vitest";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { pendingDemoPictures } from "#server/db/schema/demo-pictures.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { prepareDatabase } from "#server/seed/prepare-database.server.ts";
import { drawPendingDemoPictures } from "#server/seed/demo-pictures.server.ts";
import { adminQuery, withDatabase } from "#tests/setup/global-database.ts";
import { E2E_DATABASE_PREFIX } from "./global-setup.ts";

/**
 * The demo data, seeded once per browser-stage run and clock (a "world": a template database and
 * the media folder its flyers were rendered into), and copied for every server that asks for it:
 * `create database … template …` and a copy of the media take well under a second,
 * where seeding 300 parties with their generated flyers takes half a minute (decision 0201).
 *
 * The demo data lies around the seeding clock. A test with TEST_FIXED_NOW gets the world of its
 * clock; the others share one world per hour of the real clock (Europe/Berlin), so a run that
 * passes an hour — or the 06:00 turn of the party night — seeds a new one.
 *
 * The run draws the demo pictures once: the first world keeps what it drew (`pictures/`), and a
 * later world gives each club and party the picture its namesake got there — the same seed makes
 * the same clubs and parties with the same ids, only their dates move with the clock (a flyer
 * shows the first world's date; no test reads a flyer's pixels). Drawing 332 pictures took about
 * 12 s of CPU per world, and a run has a dozen clocks.
 */

interface World {
  template: string;
  mediaDir: string;
}

const WAIT_FOR_OTHER_BUILDER_MS = 300_000;

/** A drawn demo picture: whose it is and where it lies in the media folder. */
interface DrawnPicture {
  kind: "club" | "party";
  targetId: number;
  path: string;
}

/** The pictures the run's first world drew, in `worldsDir/pictures` (list and media folder). */
function picturesDir() {
  return path.join(inject("e2eWorldsDir"), "pictures");
}

/** Where the pictures of `pending` clubs and parties were stored once drawn. */
async function drawnPictures(
  deps: Pick<DomainDeps, "db">,
  pending: Omit<DrawnPicture, "path">[],
): Promise<DrawnPicture[]> {
  const partyIds = pending.filter((p) => p.kind === "party").map((p) => p.targetId);
  const clubIds = pending.filter((p) => p.kind === "club").map((p) => p.targetId);
  const parties = partyIds.length
    ? await deps.db
        .select({ id: events.id, path: events.flyerPath })
        .from(events)
        .where(inArray(events.id, partyIds))
    : [];
  const clubs = clubIds.length
    ? await deps.db
        .select({ id: locations.id, images: locations.images })
        .from(locations)
        .where(inArray(locations.id, clubIds))
    : [];
  return [
    ...parties.flatMap(({ id, path }) =>
      path ? [{ kind: "party" as const, targetId: id, path }] : [],
    ),
    ...clubs.flatMap(({ id, images }) =>
      images[0] ? [{ kind: "club" as const, targetId: id, path: images[0] }] : [],
    ),
  ];
}

/**
 * Gives the world's clubs and parties the pictures of the run's first world (see above) and
 * draws only what that world did not have; the first world draws all and keeps them.
 */
async function drawOrReusePictures(deps: Pick<DomainDeps, "db" | "storage">, mediaDir: string) {
  const pending = await deps.db
    .select({ kind: pendingDemoPictures.kind, targetId: pendingDemoPictures.targetId })
    .from(pendingDemoPictures);
  const kept = picturesDir();
  const list = path.join(kept, "pictures.json");
  mkdirSync(mediaDir, { recursive: true });
  if (existsSync(list)) {
    const drawn = JSON.parse(readFileSync(list, "utf8")) as DrawnPicture[];
    execFileSync("cp", ["-al", `${path.join(kept, "media")}/.`, mediaDir]);
    await deps.db.transaction(async (tx) => {
      for (const picture of drawn) {
        if (picture.kind === "party") {
          await tx
            .update(events)
            .set({ flyerPath: picture.path })
            .where(and(eq(events.id, picture.targetId), isNull(events.flyerPath)));
        } else {
          await tx
            .update(locations)
            .set({ images: [picture.path] })
            .where(and(eq(locations.id, picture.targetId), sql`${locations.images} = '[]'::jsonb`));
        }
        await tx
          .delete(pendingDemoPictures)
          .where(
            and(
              eq(pendingDemoPictures.kind, picture.kind),
              eq(pendingDemoPictures.targetId, picture.targetId),
            ),
          );
      }
    });
    await drawPendingDemoPictures(deps);
    return;
  }
  await drawPendingDemoPictures(deps);
  try {
    mkdirSync(kept);
  } catch {
    return; // Another world keeps its pictures already.
  }
  mkdirSync(path.join(kept, "media"));
  execFileSync("cp", ["-al", `${mediaDir}/.`, path.join(kept, "media")]);
  const drawn = await drawnPictures(deps, pending);
  writeFileSync(`${list}.part`, JSON.stringify(drawn));
  renameSync(`${list}.part`, list);
}

function clockKey(fixedNow: string | undefined): string {
  if (fixedNow) return `fixed ${new Date(fixedNow).toISOString()}`;
  const hour = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Berlin",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(new Date())
    .slice(0, 13);
  return `live ${hour}`;
}

async function build(world: World, folder: string, fixedNow: string | undefined) {
  const adminUrl = inject("e2eDatabaseUrl");
  await adminQuery(adminUrl, `create database "${world.template}"`);
  const config = buildConfig(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: folder,
      DATABASE_URL: withDatabase(adminUrl, world.template),
      LOG_LEVEL: "silent",
      ...(fixedNow ? { TEST_FIXED_NOW: fixedNow } : {}),
    }),
  );
  const composition = await createDeps(config);
  try {
    await prepareDatabase(composition, config);
    await drawOrReusePictures(composition.deps, path.join(folder, "media"));
  } finally {
    await composition.close();
  }
}

/** The world for `fixedNow` (or the real clock), seeded by the first server that needs it. */
async function demoWorld(fixedNow: string | undefined): Promise<World> {
  const key = clockKey(fixedNow);
  const worldsDir = inject("e2eWorldsDir");
  // Named after this run's folder too: a run stopped before its end leaves its databases behind
  // on a shared server, and the next run's world of the same clock must not collide with them.
  const id = createHash("sha256").update(worldsDir).update(key).digest("hex").slice(0, 12);
  const folder = path.join(worldsDir, id);
  const world = {
    template: `${E2E_DATABASE_PREFIX}world_${id}`,
    mediaDir: path.join(folder, "media"),
  };
  const ready = path.join(folder, "ready");
  const failed = path.join(folder, "failed");
  mkdirSync(path.dirname(folder), { recursive: true });
  let builder = false;
  try {
    mkdirSync(folder);
    builder = true;
  } catch {
    // Another file of this run builds it (or built it).
  }
  if (builder) {
    try {
      await build(world, folder, fixedNow);
      mkdirSync(world.mediaDir, { recursive: true });
      writeFileSync(ready, key);
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    return world;
  }
  const deadline = Date.now() + WAIT_FOR_OTHER_BUILDER_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed))
      throw new Error(`The demo world failed: ${readFileSync(failed, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`The demo world ${key} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return world;
}

/**
 * A database of its own for a server on `dataDir`, with the demo data of its clock, and the
 * demo's media in `dataDir/media`; answers the database's URL. The URL is noted in the data
 * folder, so a server started again on the same folder finds the same database.
 */
export async function demoDatabaseFor(
  dataDir: string,
  fixedNow: string | undefined,
): Promise<string> {
  const note = path.join(dataDir, "test-database-url");
  if (existsSync(note)) return readFileSync(note, "utf8");
  const world = await demoWorld(fixedNow);
  const adminUrl = inject("e2eDatabaseUrl");
  const name = `${E2E_DATABASE_PREFIX}${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database "${name}" template "${world.template}"`);
  execFileSync("cp", ["-al", world.mediaDir, path.join(dataDir, "media")]);
  const url = withDatabase(adminUrl, name);
  writeFileSync(note, url);
  return url;
}

/** Drops the database `demoDatabaseFor` made for `dataDir`, if it made one. */
export async function dropDemoDatabaseOf(dataDir: string): Promise<void> {
  const note = path.join(dataDir, "test-database-url");
  if (!existsSync(note)) return;
  const name = new URL(readFileSync(note, "utf8")).pathname.slice(1);
  await adminQuery(inject("e2eDatabaseUrl"), `drop database if exists "${name}" with (force)`);
}
