// Pages while flyers are encoded (issue 25, decision 0198): the built site on a real server (as
// `npm start`: WEB_CONCURRENCY from the environment, else one HTTP worker per core), demo data,
// the page cache off. The home page's latency with 2 connections, first idle, then while 8
// signed-in clients upload, again and again, the costliest image the pipeline accepts (a flat
// AVIF just under FLYER_MAX_PIXELS, ~1 s of one core each). The hourly quota is raised for the
// run so that only the image queue limits the work. Writes its table into docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { loadNow, startedAt, writeBenchBlock } from "./bench-report.ts";
import { stopServer, waitUntilUp } from "./bench-server.ts";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { users } from "#server/db/schema/users.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { FLYER_MAX_PIXELS } from "#server/domain/uploads/flyer-encoding.server.ts";
import { seedDemoData } from "#server/seed/seed-demo.server.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const uploaders = 8;
const pageConnections = 2;
const port = 5_500 + Math.floor(Math.random() * 400);
const baseUrl = `http://127.0.0.1:${port}`;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-uploads-"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const environment = {
  DATA_DIR: dataDir,
  PUBLIC_URL: baseUrl,
  LOG_LEVEL: "warn",
  PAGE_CACHE_SECONDS: "0",
  RATE_LIMIT_PER_MINUTE: "0",
  SEED_DEMO_DATA: "false",
  IMAGE_UPLOADS_PER_HOUR: "100000",
};

/** Demo data and one signed-in account per uploader, before the server holds the database. */
async function prepareData(): Promise<string[]> {
  const config = buildConfig(parseEnv({ ...environment, LOG_LEVEL: "silent" }));
  const { deps, database, close } = await createDeps(config);
  try {
    await database.migrate();
    await seedDemoData(deps);
    const tokens: string[] = [];
    for (let number = 1; number <= uploaders; number++) {
      const [user] = await deps.db
        .insert(users)
        .values({
          email: `hochladerin${number}@example.org`,
          passwordHash: "no password: signed in by token only",
          displayName: `Hochladerin ${number}`,
          role: "user",
          verifiedAt: deps.now(),
          termsAcceptedAt: deps.now(),
        })
        .returning();
      tokens.push((await startSession(deps, user!.id, null)).access);
    }
    return tokens;
  } finally {
    await close();
  }
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(buildDir, "app-server", "main.js")], {
    env: {
      ...process.env,
      ...environment,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitUntilUp(`${baseUrl}/api/health/`, child);
  return child;
}

async function homePage() {
  const result = await autocannon({
    url: `${baseUrl}/`,
    connections: pageConnections,
    duration,
    headers: { "accept-encoding": "br" },
  });
  return {
    answered: result["2xx"],
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: Math.round(result.requests.average),
    // Timeouts (autocannon gives up after 10 s) included.
    errors: result.errors + result.non2xx,
  };
}

/** Uploaders that each send `image` again as soon as the last answer came, until stopped. */
function startUploads(tokens: string[], image: Buffer) {
  let running = true;
  const statuses = new Map<number, number>();
  const encodeTimes: number[] = [];
  const lanes = tokens.map(async (token) => {
    while (running) {
      const form = new FormData();
      form.append("flyer", new Blob([new Uint8Array(image)], { type: "image/avif" }), "gross.avif");
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/upload-flyer/`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201) encodeTimes.push(performance.now() - started);
      // A refused upload would be sent again at once; a real client waits as told.
      if (response.status === 503) await sleep(1000);
    }
  });
  return async () => {
    running = false;
    await Promise.all(lanes);
    encodeTimes.sort((a, b) => a - b);
    return {
      statuses: [...statuses].map(([status, count]) => `${count}× ${status}`).join(", "),
      medianMs: Math.round(encodeTimes[Math.floor(encodeTimes.length / 2)] ?? 0),
    };
  };
}

try {
  const started = startedAt();
  const loadBefore = loadNow();
  const width = Math.floor(Math.sqrt((FLYER_MAX_PIXELS * 4) / 5));
  const height = Math.floor(FLYER_MAX_PIXELS / width);
  const image = await sharp({
    create: { width, height, channels: 4, background: "#c2007a80" },
  })
    .avif({ effort: 0 })
    .toBuffer();
  const tokens = await prepareData();
  const server = await startServer();
  try {
    for (let warm = 0; warm < 5; warm++) await (await fetch(`${baseUrl}/`)).arrayBuffer();
    const idle = await homePage();
    const loadIdle = loadNow();
    const stopUploads = startUploads(tokens, image);
    await sleep(2000); // every uploader's first image under way
    const busy = await homePage();
    const loadBusy = loadNow();
    const uploads = await stopUploads();
    const errors = (page: typeof idle) => (page.errors ? ` (${page.errors} errors)` : "");
    const row = (label: string, page: typeof idle, load: string) =>
      page.answered === 0
        ? `| ${label} | no answer | no answer | | 0${errors(page)} | ${load} |`
        : `| ${label} | ${page.p50} ms | ${page.p99} ms | ${page.max} ms | ${page.rps}${errors(page)} | ${load} |`;
    const ratio = (during: number, before: number) =>
      busy.answered === 0 ? "∞" : (during / before).toFixed(2);
    await writeBenchBlock(
      "uploads",
      [
        `Run ${started} UTC, load average ${loadBefore} at the start; \`/\` with the page cache off,`,
        `${pageConnections} connections, ${duration} s per case, ${os.availableParallelism()} cores, WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? "unset (one worker per core)"}.`,
        `Uploads: ${uploaders} clients, each sending a ${width}×${height} AVIF (${Math.round(image.length / 1024)} kB) again as soon as answered:`,
        `${uploads.statuses}; a stored one took ${uploads.medianMs} ms (median, queue included).`,
        "",
        "| `/` | p50 | p99 | max | req/s | load after |",
        "| --- | --- | --- | --- | --- | --- |",
        row("idle", idle, loadIdle),
        row(`during ${uploaders} uploads`, busy, loadBusy),
        `| ratio during ÷ idle | ${ratio(busy.p50, idle.p50)} | ${ratio(busy.p99, idle.p99)} | | | |`,
      ].join("\n"),
    );
    console.info("docs/benchmarks.md updated");
  } finally {
    await stopServer(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
