import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildConfig, parseEnv, type Config } from "#server/config.ts";
import { openPostgres, type DatabaseHandle } from "#server/db/client.server.ts";
import { createDeps } from "#server/create-deps.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database.ts";
import { guardTransactions } from "./transaction-guard.ts";

/**
 * A fresh, migrated, empty PostgreSQL database for one test file (a copy of the template), its
 * transactions guarded against queries outside themselves (decision 0256).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = await createScratchDatabase("clubkalender_test");
  const handle = await openPostgres(url);
  guardTransactions(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropScratchDatabase(url);
    },
  };
}

export function createTestConfig(overrides: Record<string, string> = {}): Config {
  return buildConfig(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), `clubkalender-test-data-${randomBytes(4).toString("hex")}`),
      TOKEN_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:3000",
      // `app.inject` sends light-my-request's default Host; the site answers it as its own.
      ALLOWED_HOSTS: "localhost:80",
      // Fixed Web Push keys: no key file written for every test context.
      VAPID_PUBLIC_KEY:
        "BPbSVoNB3PI7spXH6DptbC2bcwbYT0-2KNPUD0DgRosvmxrte5QLytsCinOwLjlzvDo5GsQSffBCa8cpFTRxdkg",
      VAPID_PRIVATE_KEY: "rZfMjHo9QJttNw-iEi_A99_Zc6u7KNOUjbBp8pYFJn8",
      ...overrides,
    }),
  );
}

export interface TestContext {
  deps: DomainDeps;
  handle: DatabaseHandle;
  /** Moves the test clock. */
  setNow: (instant: Date | string) => void;
  close: () => Promise<void>;
}

/**
 * Domain dependencies over a fresh database with a fixed clock (default Friday 2026-11-20,
 * 21:00 in Berlin) and the outbox mailer in a temporary DATA_DIR (unless SMTP_URL is given).
 */
export async function createTestContext(
  options: { now?: Date | string; config?: Record<string, string> } = {},
): Promise<TestContext> {
  const handle = await createTestDatabase();
  let now = new Date(options.now ?? "2026-11-20T20:00:00Z");
  const config = createTestConfig(options.config);
  const { deps, close } = await createDeps(config, {
    database: handle,
    now: () => new Date(now),
  });
  return {
    deps,
    handle,
    setNow: (instant) => {
      now = new Date(instant);
    },
    close: async () => {
      await close();
      // The temporary DATA_DIR made for this context (media, outbox) goes with it; one the
      // caller gave is the caller's.
      if (!options.config?.DATA_DIR) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
