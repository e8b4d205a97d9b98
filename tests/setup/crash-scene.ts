import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, dropScratchDatabase } from "#tests/setup/scratch-database.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createDeps } from "#server/create-deps.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/**
 * The stage of the crash tests: a data folder and a migrated scratch database of their own, job
 * scripts run as real child processes (`node --import tsx`) that a test may SIGKILL, and the
 * database opened from the test's process once the children are gone, at a fixed `now`.
 */
export interface CrashScene {
  /** Starts `script` (relative to the project root) with the scene's environment and `extra`. */
  start: (script: string, extra?: NodeJS.ProcessEnv) => RunningScript;
  /** Runs `script` to its end. */
  run: (script: string, extra?: NodeJS.ProcessEnv) => Promise<ScriptResult>;
  withDeps: <T>(work: (deps: DomainDeps) => Promise<T>) => Promise<T>;
  dispose: () => Promise<void>;
}

export interface ScriptResult {
  code: number | null;
  signal: string | null;
  output: string;
}

export interface RunningScript {
  child: ChildProcess;
  exited: Promise<ScriptResult>;
  /** What the script wrote so far (stdout and stderr). */
  output: () => string;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");

export async function setUpCrashScene(name: string, now: string): Promise<CrashScene> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `clubkalender-${name}-`));
  const databaseUrl = await createScratchDatabase(`clubkalender_${name}`);
  const config = createTestConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const { database, close } = await createDeps(config);
  await database.migrate();
  await close();

  const start = (script: string, extra: NodeJS.ProcessEnv = {}): RunningScript => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:3000",
      TOKEN_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
      JOB_NOW: now,
      ...extra,
      DATABASE_URL: databaseUrl,
    };
    delete env.STRIPE_SECRET_KEY;
    delete env.STRIPE_WEBHOOK_SECRET;
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: projectRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<ScriptResult>((resolve) =>
      child.once("close", (code, signal) => resolve({ code, signal, output })),
    );
    return { child, exited, output: () => output };
  };

  return {
    start,
    run: (script, extra) => start(script, extra).exited,
    withDeps: async (work) => {
      const opened = await createDeps(config, { now: () => new Date(now) });
      try {
        return await work(opened.deps);
      } finally {
        await opened.close();
      }
    },
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await dropScratchDatabase(databaseUrl);
    },
  };
}
