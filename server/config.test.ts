import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseEnv } from "./config.ts";

const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), "clubkalender-config-"));

describe("configuration", () => {
  it("runs embedded in Leipzig with nothing set", () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      siteName: "Clubkalender",
      databaseUrl: undefined,
      smtpUrl: undefined,
      stripe: undefined,
      city: { name: "Leipzig", timeZone: "Europe/Berlin" },
      publicUrl: "http://localhost:3000",
    });
  });

  it("runs one HTTP worker per core in production, one process otherwise, WEB_CONCURRENCY decides", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "development" }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(() => parseEnv({ NODE_ENV: "development", WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY above 1 needs NODE_ENV=production/,
    );
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY="0": /,
    );
  });

  it("keeps 3 database connections per worker, a 2 MiB young and a 512 MiB old generation per worker unless told (decisions 0209, 0249, 0256)", () => {
    const dataDir = tempDataDir();
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect([
      defaults.databasePoolSize,
      defaults.workerSemiSpaceMb,
      defaults.workerOldSpaceMb,
    ]).toEqual([3, 2, 512]);
    const told = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: "10",
      WORKER_SEMI_SPACE_MB: "16",
      WORKER_OLD_SPACE_MB: "1024",
    });
    expect([told.databasePoolSize, told.workerSemiSpaceMb, told.workerOldSpaceMb]).toEqual([
      10, 16, 1024,
    ]);
    expect(() => parseEnv({ WORKER_OLD_SPACE_MB: "32" })).toThrow(/WORKER_OLD_SPACE_MB="32"/);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE="0"/);
  });

  it("generates the token secret on first start and keeps it in DATA_DIR", () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "token-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).tokenSecret).toBe(first);
  });

  it("generates the Web Push keys once into DATA_DIR (0600) unless the environment sets them", () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir, OPERATOR_EMAIL: "betrieb@example.org" }).vapid;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe("mailto:betrieb@example.org");
    const file = path.join(dataDir, "vapid-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).vapid.publicKey).toBe(first.publicKey);
    const given = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`,
      VAPID_PRIVATE_KEY: "b".repeat(43),
      VAPID_SUBJECT: "https://example.org/kontakt",
    }).vapid;
    expect(given).toEqual({
      publicKey: `B${"a".repeat(86)}`,
      privateKey: "b".repeat(43),
      subject: "https://example.org/kontakt",
    });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT="abc": /],
    [{ CITY_LAT: "999" }, /CITY_LAT="999"/],
    [{ TIMEZONE: "Europe/Nowhere" }, /TIMEZONE="Europe\/Nowhere": is not a known IANA time zone/],
    [{ DATABASE_URL: "mysql://localhost/x" }, /DATABASE_URL=.*must start with postgres:\/\//],
    [{ STRIPE_SECRET_KEY: "sk_test_1" }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    try {
      parseEnv(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("honours the local push service of the tests only with NODE_ENV=test, an IP origin", () => {
    const dataDir = tempDataDir();
    const local = { DATA_DIR: dataDir, TEST_PUSH_SERVICE_URL: "http://127.0.0.1:4100/" };
    expect(loadConfig({ ...local, NODE_ENV: "test" }).testPushService).toBe(
      "http://127.0.0.1:4100",
    );
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }).testPushService).toBeUndefined();
    for (const env of ["production", "development"]) {
      expect(() => parseEnv({ ...local, NODE_ENV: env })).toThrow(
        /TEST_PUSH_SERVICE_URL is only honoured with NODE_ENV=test/,
      );
    }
    for (const url of ["http://localhost:4100", "http://127.0.0.1:4100/push", "file:///x"]) {
      expect(() => parseEnv({ NODE_ENV: "test", TEST_PUSH_SERVICE_URL: url })).toThrow(
        /TEST_PUSH_SERVICE_URL/,
      );
    }
  });

  it("geocodes only with an http(s) service named (decision 0213)", () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir }).geocodingUrl).toBeUndefined();
    const url = "https://nominatim.openstreetmap.org/search";
    expect(loadConfig({ DATA_DIR: dataDir, GEOCODING_URL: url }).geocodingUrl).toBe(url);
    expect(() => parseEnv({ GEOCODING_URL: "ftp://example.org/search" })).toThrow(/GEOCODING_URL/);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", SMTP_URL: "" })).toMatchObject({ PORT: 3000, SMTP_URL: undefined });
  });
});
