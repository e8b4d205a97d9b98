// Lighthouse 12.8 (mobile, simulated throttling) on `/` and the first party page it links to, of
// the built site: builds (BUILD_DIR, default build/), starts the real server on demo data, audits
// with Debian's Chromium and prints one JSON summary per page that docs/benchmarks.md records.
// Targets (issue "App shell"): performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100.
// Runs: LIGHTHOUSE_RUNS (default 3), the median performance run is reported.
//
// LIGHTHOUSE_AGAINST=<another checkout> compares in one run (docs/benchmarks.md): that tree is
// built (with this tree's node_modules linked or its own installed) and served by its own server
// bundle too, and every run audits both sides, their order alternating run by run,
// so a busier minute of the shared machine falls on both alike.
// Each summary names Lighthouse's benchmarkIndex of the machine per run (a loaded machine scores
// lower and its main-thread time counts more), the main-thread work behind the blocking time, and
// that work by CPU time (main-thread-cpu.ts), which a busy machine hardly changes.
// LIGHTHOUSE_REPORTS=<folder> also keeps every run's full report there as JSON.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  chromiumPath,
  projectRoot,
  startAppServer,
  type AppServer,
} from "#tests/e2e/app-server.ts";
import { mainThreadCpu, type MainThreadCpu, type TraceEvent } from "./main-thread-cpu.ts";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const against = process.env.LIGHTHOUSE_AGAINST;
const reportsFolder = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const metrics = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

interface Side {
  label: string;
  server: AppServer;
}

async function startSide(label: string, root: string): Promise<Side> {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  // Its own embedded database with the demo data, as `npm start` seeds it (the browser tests'
  // shared demo worlds need vitest's run), and the tree's own server bundle; audited once the
  // first start has drawn the demo pictures, so neither that work nor their arrival falls into
  // a run.
  const server = await startAppServer({
    embedded: true,
    ...(root === projectRoot ? {} : { buildDir: path.join(root, "build") }),
  });
  while (!/Drew \d+ demo pictures/.test(server.output())) {
    if (server.process.exitCode !== null) throw new Error(`${label}: the server exited`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { label, server };
}

const sides: Side[] = [await startSide("this tree", projectRoot)];
if (against) sides.push(await startSide(against, against));
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

type Summary = {
  scores: Record<string, number>;
  metrics: Record<string, string>;
  /** Lighthouse's measure of the machine's speed (higher is faster), taken before the run. */
  benchmarkIndex: number;
  /** Main-thread time of the (unthrottled) trace, by kind and in all, and the scripts' part. */
  mainThreadMs: Record<string, number>;
  bootupMs: { scripting: number; total: number };
  mainThreadCpu: MainThreadCpu;
  failing: Record<string, string[]>;
};

/** The first party page a server's `/` links to (`/party/{slug}/{id}`). */
async function firstPartyPath(server: AppServer): Promise<string> {
  const home = await (await fetch(`${server.url}/`)).text();
  const match = /href="(\/party\/[^"/]+\/\d+)"/.exec(home);
  if (!match) throw new Error("No party page linked from /");
  return match[1]!;
}

/**
 * One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART, seen with
 * Chromium 156 under load) is repeated, at most twice, and the retry is logged.
 */
async function auditOnce(url: string, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
  });
  if (!result) throw new Error("Lighthouse returned no result");
  const { lhr, artifacts } = result;
  if (!lhr.runtimeError) return { lhr, trace: artifacts.Trace.traceEvents as TraceEvent[] };
  if (attempt >= 3) throw new Error(lhr.runtimeError.message);
  console.warn(`Lighthouse run failed (${lhr.runtimeError.code}), repeating it`);
  return auditOnce(url, attempt + 1);
}

async function summaryOf(url: string, name: string): Promise<Summary> {
  const { lhr, trace } = await auditOnce(url);
  if (reportsFolder) {
    mkdirSync(reportsFolder, { recursive: true });
    reportCount += 1;
    const file = `${String(reportCount).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "-")}.json`;
    writeFileSync(path.join(reportsFolder, file), JSON.stringify(lhr));
  }
  return {
    scores: Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    metrics: Object.fromEntries(metrics.map((id) => [id, lhr.audits[id]?.displayValue ?? ""])),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    mainThreadMs: mainThreadWork(lhr),
    mainThreadCpu: mainThreadCpu(trace),
    bootupMs: bootup(lhr),
    failing: Object.fromEntries(
      categories.map((id) => [
        id,
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id]!)
          .filter((audit) => audit.score !== null && audit.score < 0.9)
          .map((audit) => audit.id),
      ]),
    ),
  };
}

type Lhr = Awaited<ReturnType<typeof auditOnce>>["lhr"];
type Rows = { items?: Array<Record<string, unknown>> } | undefined;

/** mainthread-work-breakdown by group (style, layout, script evaluation …) and its total, in ms. */
function mainThreadWork(lhr: Lhr): Record<string, number> {
  const items = ((lhr.audits["mainthread-work-breakdown"]?.details as Rows)?.items ?? []) as Array<{
    groupLabel: string;
    duration: number;
  }>;
  const byGroup = Object.fromEntries(
    items.map((item) => [item.groupLabel, Math.round(item.duration)]),
  );
  return {
    ...byGroup,
    total: Math.round(lhr.audits["mainthread-work-breakdown"]?.numericValue ?? 0),
  };
}

/** bootup-time: the scripts' evaluation (all files) and their whole main-thread time, in ms. */
function bootup(lhr: Lhr): { scripting: number; total: number } {
  const items = ((lhr.audits["bootup-time"]?.details as Rows)?.items ?? []) as Array<{
    scripting: number;
    total: number;
  }>;
  return {
    scripting: Math.round(items.reduce((sum, item) => sum + item.scripting, 0)),
    total: Math.round(items.reduce((sum, item) => sum + item.total, 0)),
  };
}

/** Audits one page of every side `runs` times, the sides' order alternating run by run. */
async function audit(page: string, pathOf: (side: Side) => Promise<string>) {
  const paths = new Map<Side, string>();
  for (const side of sides) paths.set(side, await pathOf(side));
  const summaries = new Map<Side, Summary[]>(sides.map((side) => [side, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      summaries
        .get(side)!
        .push(
          await summaryOf(
            `${side.server.url}${paths.get(side)}`,
            `${page}-${side.label.slice(-12)}`,
          ),
        );
    }
  }
  for (const side of sides) {
    const sideSummaries = summaries.get(side)!;
    const byRun = sideSummaries.map((summary) => summary.scores.performance!);
    const benchmarkIndexByRun = sideSummaries.map((summary) => summary.benchmarkIndex);
    const blockingByRun = sideSummaries.map((summary) => summary.metrics["total-blocking-time"]);
    const mainThreadCpuMsByRun = sideSummaries.map((summary) => summary.mainThreadCpu.totalMs);
    sideSummaries.sort((a, b) => a.scores.performance! - b.scores.performance!);
    const median = sideSummaries[Math.floor(sideSummaries.length / 2)]!;
    console.info(
      JSON.stringify(
        {
          page,
          url: paths.get(side),
          ...(against ? { tree: side.label } : {}),
          lighthouse: "12.8 mobile (simulated throttling)",
          runs,
          performanceByRun: byRun,
          benchmarkIndexByRun,
          blockingByRun,
          mainThreadCpuMsByRun,
          ...median,
        },
        null,
        2,
      ),
    );
  }
}

try {
  await audit("home", async () => "/");
  await audit("party page", (side) => firstPartyPath(side.server));
} finally {
  chrome.kill();
  for (const side of sides) await side.server.dispose();
}
