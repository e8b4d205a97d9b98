// Lighthouse 12.8 (mobile, simulated throttling) on `/` and the first party page it links to, of
// the built site: builds (BUILD_DIR, default build/), starts the real server on demo data, audits
// with Debian's Chromium and prints one JSON summary per page that docs/benchmarks.md records.
// Targets (issue "App shell"): performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100.
// Runs: LIGHTHOUSE_RUNS (default 3), the median performance run is reported.
//
// LIGHTHOUSE_AGAINST=<another checkout> compares in one run (docs/benchmarks.md): that tree is
// built and served too (by its own tests/e2e/app-server.ts, with this tree's node_modules linked
// or its own installed), and every run audits both sides, their order alternating run by run,
// so a busier minute of the shared machine falls on both alike.
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath, projectRoot, type AppServer } from "#tests/e2e/app-server.ts";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const against = process.env.LIGHTHOUSE_AGAINST;
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
  const { startAppServer } = (await import(`${root}/tests/e2e/app-server.ts`)) as {
    startAppServer: () => Promise<AppServer>;
  };
  return { label, server: await startAppServer() };
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
  const { lhr } = result;
  if (!lhr.runtimeError) return lhr;
  if (attempt >= 3) throw new Error(lhr.runtimeError.message);
  console.warn(`Lighthouse run failed (${lhr.runtimeError.code}), repeating it`);
  return auditOnce(url, attempt + 1);
}

async function summaryOf(url: string): Promise<Summary> {
  const lhr = await auditOnce(url);
  return {
    scores: Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    metrics: Object.fromEntries(metrics.map((id) => [id, lhr.audits[id]?.displayValue ?? ""])),
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

/** Audits one page of every side `runs` times, the sides' order alternating run by run. */
async function audit(page: string, pathOf: (side: Side) => Promise<string>) {
  const paths = new Map<Side, string>();
  for (const side of sides) paths.set(side, await pathOf(side));
  const summaries = new Map<Side, Summary[]>(sides.map((side) => [side, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      summaries.get(side)!.push(await summaryOf(`${side.server.url}${paths.get(side)}`));
    }
  }
  for (const side of sides) {
    const sideSummaries = summaries.get(side)!;
    const byRun = sideSummaries.map((summary) => summary.scores.performance!);
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
