import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { embeddedMaxConnections } from "./open-database.server.ts";

describe("the embedded PostgreSQL's connection limit (decisions 0209, 0256)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-open-database-"));

  it("allows the jobs' pool of the primary and a smaller one per worker, plus 20 spare", () => {
    expect(embeddedMaxConnections(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" }))).toBe(
      10 + 2 * 3 + 20,
    );
    expect(
      embeddedMaxConnections(
        loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "8", DATABASE_POOL_SIZE: "10" }),
      ),
    ).toBe(10 + 8 * 10 + 20);
  });

  it("counts the jobs' pool alone when one process serves everything", () => {
    expect(embeddedMaxConnections(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }))).toBe(30);
  });
});
