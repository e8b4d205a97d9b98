// How fast `npm run db:generate` fills an embedded database: 100,000 events into a fresh PGlite.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildConfig, parseEnv } from "../../server/config.ts";
import { openPglite } from "../../server/db/client.server.ts";
import { generateEvents } from "../../server/db/seed/generate-events.server.ts";

const count = Number(process.env.BENCH_EVENTS ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-"));
const config = buildConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
const handle = await openPglite(path.join(dataDir, "db"));
try {
  await handle.migrate();
  const started = performance.now();
  const inserted = await generateEvents({ db: handle.db, config, now: () => new Date() }, count);
  const seconds = (performance.now() - started) / 1000;
  const peakRss = process.resourceUsage().maxRSS / 1024;
  console.info(
    `db:generate: ${inserted} events in ${seconds.toFixed(1)} s ` +
      `(${Math.round(inserted / seconds)} events/s), peak RSS ${Math.round(peakRss)} MiB`,
  );
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
