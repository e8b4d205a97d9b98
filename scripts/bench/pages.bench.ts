// Pages at the speed of the wire (issue "Speed"), in one run on this machine:
// 1. cached `/`, a party page, `/club` and `/api/events/` (demo data, page cache warm) against
//    bare Fastify sending the very same answers — headers and compressed bytes — from a Buffer
//    (bare-server.ts), each in its own process tree with as many HTTP workers as the other,
//    autocannon at 50 connections with a browser's `accept-encoding`, the two taking turns
//    (app, bare, bare, app) so that a change in the machine's load falls on both (0216);
// 2. the page cache off, 20 connections: `/`, a party page and `/api/events/` on the demo data
//    and on 100,000 generated events (BENCH_EVENTS), each after 3 s of the same load not counted.
// The server runs as `npm start` does: WEB_CONCURRENCY from the environment, else one HTTP worker
// per core; CPU time and peak memory are those of all its processes together, PostgreSQL's
// included: peak PSS summed (decision 0209), with the summed RSS beside it. Each cached row also
// gives the share of a core the load generator (autocannon, in this process) was on CPU.
// Writes the table with the date and the load average into docs/benchmarks.md.
// BENCH_ONLY=cold runs only step 2 (no cached runs, no bare Fastify), BENCH_ONLY=cached only
// step 1; either prints its table without writing docs/benchmarks.md.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { drawPendingDemoPictures } from "#server/seed/demo-pictures.server.ts";
import { generateEvents } from "#server/seed/generate-events.server.ts";
import { processTree, readProc } from "./process-tree.mjs";
import { loadNow, startedAt, writeBenchBlock } from "./bench-report.ts";
import { stopServer, waitUntilUp } from "./bench-server.ts";
import { describeSiteMemory, watchSiteMemory } from "./site-memory.ts";

const eventCount = Number(process.env.BENCH_EVENTS ?? 100_000);
const onlyCold = process.env.BENCH_ONLY === "cold";
const onlyCached = process.env.BENCH_ONLY === "cached";
const duration = Number(process.env.BENCH_SECONDS ?? 10);
/** Load on each cold case before it is measured (see `coldRun`). */
const coldWarmUpSeconds = 3;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const browserEncodings = "gzip, deflate, br, zstd";
const appPort = 5_000 + Math.floor(Math.random() * 400);
const barePort = appPort + 500;
const workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-pages-"));
// The data folders sit one level down: the embedded PostgreSQL's user must pass through here too.
chmodSync(workDir, 0o711);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Load {
  requests: number;
  rps: number;
  p99: number;
  errors: number;
  /** CPU time the serving processes spent, in clock ticks (1/100 s; 0 when not measured). */
  cpuTicks: number;
  /** CPU time the serving processes spent per answer, in µs (null when not measured). */
  cpuMicros: number | null;
  /** CPU time of this process — the load generator (autocannon) — in ms, and the wall time. */
  generatorCpuMs: number;
  wallMs: number;
}

/**
 * The share of one core the load generator was on CPU: near 1, the generator — not the server —
 * set the rate (two cores shared by autocannon and the HTTP workers; docs/benchmarks.md, Pages).
 */
function generatorShare(run: Load): string {
  return (run.generatorCpuMs / run.wallMs).toFixed(2);
}

/** User plus system CPU time of a server (all its processes) so far, in clock ticks (1/100 s). */
function cpuTicks(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const stat = readProc(member, "stat");
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/**
 * Load on one URL. With the serving process's pid, also its CPU time per answer: unlike
 * requests per second, that hardly depends on what else the machine is doing.
 */
async function load(
  url: string,
  connections: number,
  pid?: number,
  seconds = duration,
): Promise<Load> {
  const ticksBefore = pid === undefined ? 0 : cpuTicks(pid);
  const generatorBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": browserEncodings },
  });
  const ticks = pid === undefined ? 0 : cpuTicks(pid) - ticksBefore;
  const generator = process.cpuUsage(generatorBefore);
  return {
    generatorCpuMs: (generator.user + generator.system) / 1000,
    wallMs: performance.now() - startedAt,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuTicks: ticks,
    cpuMicros:
      pid === undefined ? null : Math.round((ticks * 10_000) / Math.max(result.requests.total, 1)),
  };
}

async function startApp(dataDir: string, pageCacheSeconds: number, seed: boolean) {
  const child = spawn(process.execPath, [path.join(buildDir, "app-server", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      PAGE_CACHE_SECONDS: String(pageCacheSeconds),
      SEED_DEMO_DATA: String(seed),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // A first start draws the demo pictures after it answers (decision 0204): measured only once
  // they are drawn, so neither the drawing's work nor its content changes fall into a run.
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const memory = watchSiteMemory(child.pid!);
  try {
    await waitUntilUp(`http://127.0.0.1:${appPort}/api/health/`, child);
    while (seed && !/Drew \d+ demo pictures/.test(output)) {
      if (child.exitCode !== null) throw new Error("The server exited while drawing");
      await sleep(200);
    }
  } catch (error) {
    await memory.stop();
    throw error;
  }
  return { child, memory };
}

/** Headers Node's HTTP server writes itself (Fastify computes `content-length` too). */
const headersOfNode = new Set(["date", "connection", "keep-alive", "content-length"]);

/** The raw answer (not decoded) the app sends a browser for a path. */
function rawAnswer(urlPath: string) {
  return new Promise<{
    headers: Record<string, string>;
    contentEncoding: string | null;
    body: Buffer;
  }>((resolve, reject) => {
    http
      .get(
        `http://127.0.0.1:${appPort}${urlPath}`,
        { headers: { "accept-encoding": browserEncodings } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              headers: headersOfApp(response),
              contentEncoding: response.headers["content-encoding"] ?? null,
              body: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on("error", reject);
  });
}

/** An answer's headers as the app wrote them, but for those Node's server writes itself. */
function headersOfApp(response: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !headersOfNode.has(name)) headers[name] = String(value);
  }
  return headers;
}

/** Two loads summed up: requests per second and CPU per answer over both. */
function together(first: Load, second: Load): Load {
  const requests = first.requests + second.requests;
  return {
    requests,
    rps: Math.round(requests / duration),
    p99: Math.max(first.p99, second.p99),
    errors: first.errors + second.errors,
    cpuTicks: first.cpuTicks + second.cpuTicks,
    cpuMicros: Math.round((10_000 * (first.cpuTicks + second.cpuTicks)) / Math.max(requests, 1)),
    generatorCpuMs: first.generatorCpuMs + second.generatorCpuMs,
    wallMs: first.wallMs + second.wallMs,
  };
}

async function firstPartyPath(): Promise<string> {
  const events = (await (
    await fetch(`http://127.0.0.1:${appPort}/api/events/?page_size=1`)
  ).json()) as { results: { url: string }[] };
  return new URL(events.results[0]!.url, `http://127.0.0.1:${appPort}`).pathname;
}

async function cachedAgainstBare(dataDir: string): Promise<string[]> {
  const { child: app, memory } = await startApp(dataDir, 30, true);
  const rows: string[] = [];
  try {
    const paths = ["/", await firstPartyPath(), "/club", "/api/events/"];
    const answers = [];
    for (const urlPath of paths) {
      await rawAnswer(urlPath); // fills the cache
      answers.push({ path: urlPath, ...(await rawAnswer(urlPath)) });
    }
    const answersFile = path.join(workDir, "bare-answers.json");
    writeFileSync(
      answersFile,
      JSON.stringify(
        answers.map(({ body, ...rest }) => ({ ...rest, bodyBase64: body.toString("base64") })),
      ),
    );
    const bare = spawn(process.execPath, ["--import", "tsx", "scripts/bench/bare-server.ts"], {
      // As many HTTP workers as the app (WEB_CONCURRENCY from the environment, else one per core).
      env: { ...process.env, PORT: String(barePort), BARE_ANSWERS_FILE: answersFile },
      stdio: ["ignore", "inherit", "inherit"],
    });
    try {
      await waitUntilUp(`http://127.0.0.1:${barePort}/club`, bare);
      for (const answer of answers) {
        // Half the time each, in turns: app, bare, bare, app.
        const appUrl = `http://127.0.0.1:${appPort}${answer.path}`;
        const bareUrl = `http://127.0.0.1:${barePort}${answer.path}`;
        const appFirst = await load(appUrl, 50, app.pid, duration / 2);
        const bareFirst = await load(bareUrl, 50, bare.pid, duration / 2);
        const bareSecond = await load(bareUrl, 50, bare.pid, duration / 2);
        const ofApp = together(appFirst, await load(appUrl, 50, app.pid, duration / 2));
        const ofBare = together(bareFirst, bareSecond);
        const size = `${(answer.body.length / 1024).toFixed(1)} kB ${answer.contentEncoding ?? "plain"}`;
        rows.push(
          `| \`${answer.path}\` (${size}) | ${ofApp.rps.toLocaleString("en")} req/s, p99 ${ofApp.p99} ms${ofApp.errors ? `, ${ofApp.errors} errors` : ""} | ${ofBare.rps.toLocaleString("en")} req/s | ${(ofApp.rps / ofBare.rps).toFixed(2)} | ${ofApp.cpuMicros} µs / ${ofBare.cpuMicros} µs = ${(ofBare.cpuMicros! / ofApp.cpuMicros!).toFixed(2)} | ${generatorShare(ofApp)} / ${generatorShare(ofBare)} | ${loadNow()} |`,
        );
        console.info(rows.at(-1));
      }
    } finally {
      await stopServer(bare);
    }
    rows.push(
      `| peak memory of the app (all its processes) | ${describeSiteMemory(await memory.stop())} | | | | | |`,
    );
  } finally {
    await stopServer(app);
  }
  return rows;
}

async function coldRun(dataDir: string, seed: boolean) {
  const { child: app, memory } = await startApp(dataDir, 0, seed);
  try {
    const paths = ["/", await firstPartyPath(), "/api/events/"];
    const results: Record<string, Load> = {};
    for (const urlPath of paths) {
      const url = `http://127.0.0.1:${appPort}${urlPath}`;
      // Not counted: a fresh process compiles its code and opens its database connections in the
      // first second or two (their first queries plan slowly, decision 0207), which set the p99
      // of a run that began cold. The cases measure cold pages, not a cold process.
      await load(url, 20, undefined, coldWarmUpSeconds);
      results[urlPath === paths[1] ? "party" : urlPath] = await load(url, 20);
      console.info(urlPath, results[urlPath === paths[1] ? "party" : urlPath]);
    }
    return { results, memory: describeSiteMemory(await memory.stop()), load: loadNow() };
  } finally {
    await stopServer(app);
  }
}

async function generatedDatabase(): Promise<string> {
  const dataDir = path.join(workDir, "generated");
  const config = buildConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
  const { deps, database, close } = await createDeps(config);
  try {
    await database.migrate();
    await generateEvents(deps, eventCount);
    // Drawn now, not by the site in the background while it is measured (decision 0204).
    await drawPendingDemoPictures(deps);
  } finally {
    await close();
  }
  return dataDir;
}

try {
  const started = startedAt();
  const loadBefore = loadNow();
  const demoDir = path.join(workDir, "demo");
  const cached = onlyCold ? [] : await cachedAgainstBare(demoDir);
  const cachedTable = [
    `Run ${started} UTC, ${duration} s per case, load average ${loadBefore} at the start (1-minute`,
    `average after each cached case in the last column). Browser \`accept-encoding: ${browserEncodings}\`.`,
    "",
    "| cached, demo data, 50 connections | app | bare Fastify, same bytes | ratio | CPU per answer: app / bare = ratio | load generator on CPU: app / bare runs | load |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...cached,
  ];
  if (onlyCached) console.info(cachedTable.join("\n"));
  else await coldPartAndReport(started, loadBefore, demoDir, cachedTable);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

/** Step 2, then the whole table into docs/benchmarks.md (BENCH_ONLY=cold: printed only). */
async function coldPartAndReport(
  started: string,
  loadBefore: string,
  demoDir: string,
  cachedTable: string[],
) {
  const coldDemo = await coldRun(demoDir, onlyCold);
  const coldBig = await coldRun(await generatedDatabase(), false);
  const coldRows = (["/", "party", "/api/events/"] as const).map((name) => {
    const demo = coldDemo.results[name]!;
    const big = coldBig.results[name]!;
    return `| ${name === "party" ? "a party page" : `\`${name}\``} | ${demo.rps} req/s, p99 ${demo.p99} ms | ${big.rps} req/s, p99 ${big.p99} ms | ${(big.rps / demo.rps).toFixed(2)} |`;
  });
  const coldTable = [
    `| cache off, 20 connections | demo data | ${eventCount.toLocaleString("en")} events | ratio |`,
    "| --- | --- | --- | --- |",
    ...coldRows,
    `| peak memory (all processes) | ${coldDemo.memory} (load ${coldDemo.load}) | ${coldBig.memory} (load ${coldBig.load}) | |`,
  ];
  if (onlyCold) {
    console.info(
      [`Run ${started} UTC, load average ${loadBefore} at the start.`, ...coldTable].join("\n"),
    );
  } else {
    await writeBenchBlock("pages", [...cachedTable, "", ...coldTable].join("\n"));
    console.info("docs/benchmarks.md updated");
  }
}
