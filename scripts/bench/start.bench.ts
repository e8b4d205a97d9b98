// Start (issue 27 point 4, decision 0204): how long `npm start`'s server takes to its first
// answer. First on a new data folder (initdb, migrations, demo seed; the demo pictures follow
// after the first answer), then, on that seeded folder, the built bundle against the same server
// run through tsx (as before 0204), alternated, median of the runs: the ratio is this run's own.
// Two HTTP workers, as `npm start` on this machine. Writes its table into docs/benchmarks.md.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadNow, startedAt, writeBenchBlock } from "./bench-report.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const work = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-start-"));
// The embedded PostgreSQL runs as its own user when this runs as root: it must pass.
chmodSync(work, 0o711);
const dataDir = path.join(work, "data");
const port = 5_900 + Math.floor(Math.random() * 90);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const commands = {
  bundle: [path.join(buildDir, "app-server", "main.js")],
  tsx: ["--import", "tsx", "server/main.ts"],
};

/** Starts the server, answers the milliseconds to its first /api/health/live/ answer, stops it. */
async function timeToFirstAnswer(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "2",
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/health/live/`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return performance.now() - started;
      if (performance.now() - started > 180_000) throw new Error("No answer within 3 minutes");
      await sleep(20);
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  const when = startedAt();
  const loadBefore = loadNow();
  const fresh = await timeToFirstAnswer(commands.bundle);
  // The demo pictures are drawn after the first answer; the next starts find them drawn.
  const times: Record<keyof typeof commands, number[]> = { bundle: [], tsx: [] };
  for (let run = 0; run < runs; run++) {
    for (const name of ["bundle", "tsx"] as const) {
      times[name].push(await timeToFirstAnswer(commands[name]));
    }
  }
  const bundle = median(times.bundle);
  const tsx = median(times.tsx);
  await writeBenchBlock(
    "start",
    [
      `Run ${when} UTC, load average ${loadBefore} at the start, ${loadNow()} at the end;`,
      `${os.availableParallelism()} cores, two HTTP workers, embedded PostgreSQL; median of ${runs} alternated runs.`,
      "",
      "| start, until `/api/health/live/` answers | time |",
      "| --- | --- |",
      `| new data folder (initdb, migrate, demo seed), bundle | ${seconds(fresh)} |`,
      `| seeded data folder, bundle (\`npm start\`) | ${seconds(bundle)} |`,
      `| seeded data folder, through tsx (before decision 0204) | ${seconds(tsx)} |`,
      `| ratio bundle ÷ tsx | ${(bundle / tsx).toFixed(2)} |`,
    ].join("\n"),
  );
  console.info("docs/benchmarks.md updated");
} finally {
  rmSync(work, { recursive: true, force: true });
}
