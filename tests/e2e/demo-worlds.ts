import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
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
 */

interface World {
  template: string;
  mediaDir: string;
}

const WAIT_FOR_OTHER_BUILDER_MS = 300_000;

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
  const { deps, database, close } = await createDeps(config);
  try {
    await prepareDatabase(deps, database, config);
    await drawPendingDemoPictures(deps);
  } finally {
    await close();
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
  execFileSync("cp", ["-r", world.mediaDir, path.join(dataDir, "media")]);
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
