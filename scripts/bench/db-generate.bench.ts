// How fast `npm run db:generate` fills an embedded database: 100,000 events into a fresh embedded
// PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { generateEvents } from "#server/seed/generate-events.server.ts";

const count = Number(process.env.BENCH_EVENTS ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-"));
const config = buildConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
const { deps, database, close } = await createDeps(config);
try {
  await database.migrate();
  const started = performance.now();
  const inserted = await generateEvents(deps, count);
  const seconds = (performance.now() - started) / 1000;
  const peakRss = process.resourceUsage().maxRSS / 1024;
  console.info(
    `db:generate: ${inserted} events in ${seconds.toFixed(1)} s ` +
      `(${Math.round(inserted / seconds)} events/s), peak RSS ${Math.round(peakRss)} MiB`,
  );
} finally {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
}
