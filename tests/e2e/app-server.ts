import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { childProcessesRunning } from "#tests/setup/child-processes.ts";
import { demoDatabaseFor, dropDemoDatabaseOf } from "./demo-worlds.ts";
import { headlessShellPath } from "./headless-shell.ts";

/**
 * Helpers for the end-to-end tests: the real server (the built bundle `build/app-server/main.js`
 * on the built site, as `npm start` runs it) as a child process on a free port with its own temporary DATA_DIR, and
 * Chromium through playwright-core.
 *
 * Every child is started in its own process group (`detached`), so a forced clean-up ends
 * everything it started.
 */

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The built site and server (BUILD_DIR, default build/). */
const defaultBuildDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");
/** The built server (scripts/build-server.mjs), as `npm start` runs it. */
const serverEntry = "app-server/main.js";
const serverCommand = (buildDir: string) => [path.join(buildDir, serverEntry)];

const STARTUP_TIMEOUT_MS = 120_000;
const HEALTH_POLL_MS = 200;
const STOP_TIMEOUT_MS = 30_000;
const RUN_TO_EXIT_TIMEOUT_MS = 60_000;

export interface AppServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far, in arrival order. */
  output(): string;
  /** Only what the process wrote to stderr so far. */
  stderr(): string;
  /**
   * Sends `signal` and resolves with the exit code (null if the process died of a signal).
   * Rejects, after killing the process group, when it has not exited within `timeoutMs`.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
  /**
   * Ends the process (SIGINT, then SIGKILL to its group if it hangs) if still running, kills what
   * of its group outlived it, and removes DATA_DIR when startAppServer created it. Never throws:
   * meant for afterAll/finally.
   */
  dispose(): Promise<void>;
}

export interface StartOptions {
  /** Use this data folder (kept afterwards) instead of a fresh temporary one (removed). */
  dataDir?: string;
  /**
   * Run on the embedded PostgreSQL in DATA_DIR, seeding the demo data there itself, as
   * `npm start` does — instead of on a copy of the run's demo world (tests/e2e/demo-worlds.ts),
   * which every server with demo data gets otherwise.
   */
  embedded?: boolean;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /**
   * Another checkout's build folder (absolute), whose own server bundle serves its own site:
   * the Lighthouse bench compares two trees this way (default: BUILD_DIR of this tree).
   */
  buildDir?: string;
}

// Last-resort clean-up should the test process end without running its hooks.
const liveGroups = new Set<number>();
process.once("exit", () => {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
});

/** Signals the process group of `pid`, a server that has not been reaped yet (it still runs). */
function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Kills what is left in the process group of `pid`, a server that has exited (workers that
 * outlived a killed primary). Linux hands a number out again only once no process and no group
 * holds it: if a process runs under `pid` now, the server's group is empty and the number belongs
 * to someone else — on this machine's 32,768 numbers, a Chromium of the other test file, once.
 */
function killLeftoversOfGroup(pid: number) {
  if (!isAlive(pid)) killGroup(pid, "SIGKILL");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now: bind port 0, read what the OS chose, release it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("No free port found"))));
    });
  });
}

export function makeTempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "clubkalender-e2e-"));
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * The environment of a server under test. DATABASE_URL from the developer's shell is left out:
 * these tests are about the embedded database in DATA_DIR (a test passes it explicitly).
 */
function serverEnv(port: number, dataDir: string, overrides: Record<string, string> = {}) {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  return {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "0",
    // One process, as before the cluster (decision 0191); a test asks for workers explicitly.
    WEB_CONCURRENCY: "1",
    ...overrides,
  };
}

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  output: () => string;
  /** Resolves with the exit code once the process has exited and its output is read. */
  exited: Promise<number | null>;
  isRunning: () => boolean;
}

function spawnServer(env: NodeJS.ProcessEnv, buildDir = defaultBuildDir): Spawned {
  const child = spawn(process.execPath, serverCommand(buildDir), {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  let stdout = "";
  let stderr = "";
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    output += chunk;
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    const finish = (code: number | null) => {
      running = false;
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      resolve(code);
    };
    child.once("error", (error) => {
      output += `\n[spawn error] ${error.message}\n`;
      finish(null);
    });
    // "close" waits for stdout/stderr to end too, so all output is in by then.
    child.once("close", (code) => finish(code));
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => output,
    exited,
    isRunning: () => running,
  };
}

/** Waits for `promise` up to `ms`; resolves with `timedOut` instead when it takes longer. */
async function within<T, U>(promise: Promise<T>, ms: number, timedOut: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<U>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const TIMED_OUT = Symbol("timed out");

/** Starts the server and waits until GET /api/health/ answers 200. */
export async function startAppServer(options: StartOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeTempDataDir();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...options.env };
  // A data folder a test filled beforehand (its embedded database exists) is started as it is.
  const prepared = existsSync(path.join(dataDir, "postgres", "PG_VERSION"));
  if (
    env.SEED_DEMO_DATA !== "false" &&
    env.DATABASE_URL === undefined &&
    !options.embedded &&
    !prepared
  ) {
    env.DATABASE_URL = await demoDatabaseFor(dataDir, env.TEST_FIXED_NOW);
  }
  const spawned = options.buildDir
    ? spawnServer(
        serverEnv(port, dataDir, { BUILD_DIR: options.buildDir, ...env }),
        options.buildDir,
      )
    : spawnServer(serverEnv(port, dataDir, env));
  const { child } = spawned;

  const stop = async (
    signal: NodeJS.Signals = "SIGINT",
    timeoutMs = STOP_TIMEOUT_MS,
  ): Promise<number | null> => {
    if (spawned.isRunning() && child.pid !== undefined) {
      try {
        process.kill(child.pid, signal);
      } catch {
        // Exited meanwhile.
      }
    }
    const code = await within(spawned.exited, timeoutMs, TIMED_OUT);
    if (code === TIMED_OUT) {
      if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
      await spawned.exited;
      throw new Error(
        `The server did not exit within ${timeoutMs / 1000} s of ${signal}; killed it.\n` +
          spawned.output(),
      );
    }
    return code;
  };

  const dispose = async () => {
    if (spawned.isRunning()) await stop("SIGINT").catch(() => {});
    if (child.pid !== undefined) killLeftoversOfGroup(child.pid);
    if (ownsDataDir) {
      await dropDemoDatabaseOf(dataDir).catch(() => {});
      removeDir(dataDir);
    }
  };

  const server: AppServer = {
    url,
    port,
    dataDir,
    process: child,
    output: spawned.output,
    stderr: spawned.stderr,
    stop,
    dispose,
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    for (;;) {
      if (!spawned.isRunning()) {
        const code = await spawned.exited;
        throw new Error(`The server exited during startup with code ${code}:\n${spawned.output()}`);
      }
      if (Date.now() > deadline) {
        throw new Error(
          `The server did not answer /api/health/ within ${STARTUP_TIMEOUT_MS / 1000} s:\n` +
            spawned.output(),
        );
      }
      try {
        const response = await fetch(`${url}/api/health/`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) return server;
      } catch {
        // Not listening yet.
      }
      await sleep(HEALTH_POLL_MS);
    }
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Whether a process with this pid runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server's HTTP workers (WEB_CONCURRENCY > 1): its child processes running the built server. */
export function workerPids(server: AppServer): number[] {
  return childProcessesRunning(server.process.pid!, serverEntry);
}

/** The server's demo-data child while it seeds or draws the demo data (decision 0247). */
export function demoDataChildPids(server: AppServer): number[] {
  return childProcessesRunning(server.process.pid!, "app-server/demo-data-child.js");
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the server expecting it to exit by itself (bad configuration, locked data
 * folder, unreachable database). Gets the same environment as startAppServer (a free port and a
 * fresh temporary DATA_DIR, removed afterwards, unless `env` names them). Fails after 60 s.
 */
export async function runToExit(env: Record<string, string> = {}): Promise<RunResult> {
  const port = await freePort();
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? makeTempDataDir();
  try {
    const spawned = spawnServer(serverEnv(port, dataDir, env));
    const code = await within(spawned.exited, RUN_TO_EXIT_TIMEOUT_MS, TIMED_OUT);
    if (code === TIMED_OUT) {
      if (spawned.child.pid !== undefined) killGroup(spawned.child.pid, "SIGKILL");
      await spawned.exited;
      throw new Error(
        `The server did not exit by itself within ${RUN_TO_EXIT_TIMEOUT_MS / 1000} s:\n` +
          spawned.output(),
      );
    }
    return { code, stdout: spawned.stdout(), stderr: spawned.stderr() };
  } finally {
    if (ownsDataDir) removeDir(dataDir);
  }
}

/** Debian's full Chromium: what Lighthouse measures the site in (scripts/bench/lighthouse.bench.ts). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Which Chromium a test drives: the headless shell (./headless-shell.ts), a third of the full
 * browser's processor time per page, or Debian's full Chromium, whose service workers show
 * notifications and obey the context's offline switch (decision 0245). CHROMIUM_PATH, when set,
 * names the build for both.
 */
export type ChromiumBuild = "headless shell" | "full Chromium";

/** Headless Chromium, quiet: no sandbox (root in a container), no background traffic. */
export async function launchBrowser(build: ChromiumBuild = "headless shell"): Promise<Browser> {
  const full = build === "full Chromium" || process.env.CHROMIUM_PATH !== undefined;
  return chromium.launch({
    executablePath: full ? chromiumPath : await headlessShellPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
