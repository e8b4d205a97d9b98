// Visitor pages under load (issue "Visitors"): 100,000 generated events in a fresh embedded
// database, the built site (BUILD_DIR) on a real server process, autocannon at 50 connections
// against GET /, a party page, GET /api/events/ and the search autocomplete — once with the
// anonymous page cache off (cold) and once on (cached). Also: the home page's compressed
// JavaScript and the query plans of the listing and search queries. Figures: docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { stopServer, waitUntilUp } from "./bench-server.ts";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { drawPendingDemoPictures } from "#server/seed/demo-pictures.server.ts";
import { generateEvents } from "#server/seed/generate-events.server.ts";

const eventCount = Number(process.env.BENCH_EVENTS ?? 100_000);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const port = 4_900 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-visitors-"));

async function prepareDatabase() {
  const config = buildConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
  const { deps, database, close } = await createDeps(config);
  try {
    await database.migrate();
    const started = performance.now();
    await generateEvents(deps, eventCount);
    // Drawn now, not by the site in the background while it is measured (decision 0204).
    await drawPendingDemoPictures(deps);
    console.info(
      `generated ${eventCount} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const [name, query] of explainQueries()) {
      const plan = await deps.db.execute(query);
      const lines = (plan as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map(
        (row) => row["QUERY PLAN"],
      );
      console.info(`\nEXPLAIN ${name}:\n${lines.join("\n")}`);
    }
  } finally {
    await close();
  }
}

function explainQueries() {
  // The shapes listPartyNights, listEvents and autocomplete send, with tonight as the bound.
  const from = new Date().toISOString();
  return [
    [
      "listing (night counts of /api/dates/, once per content version)",
      `explain analyze select date_trunc('hour', starts_at), count(*)
         from events where status in ('published','cancelled') and starts_at >= '${from}' group by 1 order by 1`,
    ],
    [
      "listing (/api/events/, page 1)",
      `explain analyze select id from events where status in ('published','cancelled') and starts_at >= '${from}'
         order by starts_at, id limit 20`,
    ],
    [
      "search autocomplete (party titles, 'berg')",
      `explain analyze select id from events where status in ('published','cancelled') and starts_at >= '${from}'
         and (search_normalize(title) like '%' || search_normalize('berg') || '%' or search_normalize('berg') <% search_normalize(title))
         limit 5`,
    ],
  ].map(([name, text]) => [name!, sql.raw(text!)] as const);
}

function startServer(pageCacheSeconds: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(buildDir, "app-server", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      PAGE_CACHE_SECONDS: String(pageCacheSeconds),
      SEED_DEMO_DATA: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return waitUntilUp(`${baseUrl}/api/health/`, child).then(() => child);
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function load(url: string) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { "accept-encoding": "br" },
  });
  const errors = result.errors + result.non2xx;
  return `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${errors ? `, ${errors} errors/non-2xx` : ""}`;
}

async function homeJavaScriptBytes(): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)|"(\/assets\/[^"]+\.js)"/g)) {
    files.add((match[1] ?? match[2])!);
  }
  let raw = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(path.join(buildDir, "client", file));
    raw += content.length;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return `${files.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(brotli / 1024).toFixed(1)} KiB brotli`;
}

try {
  await prepareDatabase();
  for (const [label, seconds] of [
    ["cold (page cache off)", 0],
    ["cached (page cache 30 s)", 30],
  ] as const) {
    const server = await startServer(seconds);
    try {
      const events = (await (await fetch(`${baseUrl}/api/events/?page_size=1`)).json()) as {
        results: { url: string }[];
      };
      const partyPath = events.results[0]!.url;
      console.info(`\n${label}, ${connections} connections, ${duration} s each:`);
      console.info(`  GET /                         ${await load(`${baseUrl}/`)}`);
      console.info(`  GET ${partyPath.padEnd(26)}${await load(`${baseUrl}${partyPath}`)}`);
      console.info(`  GET /api/events/              ${await load(`${baseUrl}/api/events/`)}`);
      console.info(
        `  GET /api/search/autocomplete/?q=berg ${await load(`${baseUrl}/api/search/autocomplete/?q=berg`)}`,
      );
      console.info(`  peak RSS ${peakRssMiB(server.pid!)} MiB`);
      if (seconds === 0) console.info(`  home page JavaScript: ${await homeJavaScriptBytes()}`);
    } finally {
      await stopServer(server);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
