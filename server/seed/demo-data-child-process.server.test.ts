import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { count, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { childProcessesRunning, isRunning } from "#tests/setup/child-processes.ts";
import { createScratchDatabase, dropScratchDatabase } from "#tests/setup/scratch-database.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import type { Config } from "#server/config.ts";
import { createDeps, type Composition } from "#server/create-deps.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { pendingDemoPictures } from "#server/db/schema/demo-pictures.ts";
import { events } from "#server/db/schema/events.ts";
import { drawDemoPicturesInBackground, prepareDatabase } from "./prepare-database.server.ts";

/**
 * The demo data's child processes (decision 0247) from the sources, as `npm run dev` runs them
 * (through tsx), on a PostgreSQL database of their own (DATABASE_URL): the seed, the drawing and
 * its stop, and a child whose parent is killed. The built server's children on the embedded
 * database: tests/e2e/process.test.ts.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const CHILD_FILE = "demo-data-child.ts";

let databaseUrl: string;
let config: Config;
let composition: Composition;

beforeAll(async () => {
  databaseUrl = await createScratchDatabase("clubkalender_demo_child");
  config = createTestConfig({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true" });
  composition = await createDeps(config);
});

afterAll(async () => {
  await composition?.close();
  if (databaseUrl) await dropScratchDatabase(databaseUrl);
  if (config) rmSync(config.dataDir, { recursive: true, force: true });
});

async function pendingPictures(): Promise<number> {
  return (await composition.deps.db.select({ n: count() }).from(pendingDemoPictures))[0]!.n;
}

/** Flyers and club pictures in place. */
async function picturesInPlace(): Promise<number> {
  const { db } = composition.deps;
  const [flyers] = await db.select({ n: count() }).from(events).where(isNotNull(events.flyerPath));
  const [clubs] = await db
    .select({ n: count() })
    .from(locations)
    .where(sql`${locations.images} <> '[]'::jsonb`);
  return flyers!.n + clubs!.n;
}

/** The one demo-data child of `parentPid`, once it runs. */
function demoDataChildOf(parentPid: number): Promise<number> {
  return vi.waitFor(
    () => {
      const [child, ...more] = childProcessesRunning(parentPid, CHILD_FILE);
      if (child === undefined || more.length > 0) throw new Error("not one demo-data child");
      return child;
    },
    { timeout: 60_000, interval: 20 },
  );
}

describe("the demo data in child processes, from the sources", () => {
  it(
    "seeds the empty database in a child, which is gone afterwards",
    { timeout: 120_000 },
    async () => {
      const info = vi.spyOn(console, "info").mockImplementation(() => {});
      try {
        const preparing = prepareDatabase(composition, config);
        const child = await demoDataChildOf(process.pid);
        await preparing;
        expect(isRunning(child)).toBe(false);
        expect(info).toHaveBeenCalledWith("Loaded the demo data into the empty database.");
      } finally {
        info.mockRestore();
      }
      expect(await pendingPictures()).toBeGreaterThan(300);
      expect(await picturesInPlace()).toBe(0);
    },
  );

  it(
    "draws the pictures in a child that a stop ends after the batch in hand, losing none",
    { timeout: 120_000 },
    async () => {
      const pendingBefore = await pendingPictures();
      const info = vi.spyOn(console, "info").mockImplementation(() => {});
      const log = { error: vi.fn() };
      try {
        const drawing = drawDemoPicturesInBackground(composition, log);
        const child = await demoDataChildOf(process.pid);
        await vi.waitFor(async () => expect(await pendingPictures()).toBeLessThan(pendingBefore), {
          timeout: 60_000,
          interval: 20,
        });
        await drawing.stop();
        expect(isRunning(child)).toBe(false);
        const left = await pendingPictures();
        expect(left).toBeGreaterThan(0);
        expect(info).toHaveBeenCalledWith(`Drew ${pendingBefore - left} demo pictures.`);
        expect(await picturesInPlace()).toBe(pendingBefore - left);
        expect(log.error).not.toHaveBeenCalled();
      } finally {
        info.mockRestore();
      }
      // The clubs' pictures come first: the first batch drew some of them.
      const [club] = await composition.deps.db
        .select({ images: locations.images })
        .from(locations)
        .where(sql`${locations.images} <> '[]'::jsonb`)
        .limit(1);
      expect(await composition.deps.storage.get(club!.images[0]!)).not.toBeNull();
    },
  );

  it(
    "ends the drawing child at once when its parent is killed, losing no picture",
    { timeout: 120_000 },
    async () => {
      const inPlaceBefore = await picturesInPlace();
      const pendingBefore = await pendingPictures();
      const parent = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `import { loadConfig } from "#server/config.ts";
           import { startDemoDataChild } from "#server/seed/demo-data-child-process.server.ts";
           const child = startDemoDataChild({ task: "draw", config: loadConfig(), socketDir: undefined });
           child.result.catch(() => {});`,
        ],
        {
          cwd: projectRoot,
          env: {
            ...process.env,
            NODE_ENV: "test",
            DATA_DIR: config.dataDir,
            DATABASE_URL: databaseUrl,
            TOKEN_SECRET: config.tokenSecret,
            LOG_LEVEL: "silent",
          },
          stdio: "ignore",
        },
      );
      try {
        const child = await demoDataChildOf(parent.pid!);
        await vi.waitFor(async () => expect(await pendingPictures()).toBeLessThan(pendingBefore), {
          timeout: 60_000,
          interval: 20,
        });
        parent.kill("SIGKILL");
        // Its channel closes with the parent: it exits without finishing the batch in hand.
        await expect.poll(() => isRunning(child), { timeout: 5_000, interval: 20 }).toBe(false);
      } finally {
        parent.kill("SIGKILL");
      }
      const left = await pendingPictures();
      expect(left).toBeGreaterThan(0);
      // Every picture no longer pending is in place: the batch in hand was rolled back whole.
      expect(await picturesInPlace()).toBe(inPlaceBefore + pendingBefore - left);
    },
  );
});
