import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgres, type DatabaseHandle } from "#server/db/client.server.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database.ts";

/**
 * Where a command-line script under test keeps its data: a fresh, empty PostgreSQL database of
 * its own on the run's test server (created here, dropped by `dispose`) and a fresh DATA_DIR for
 * media and the outbox.
 */
export interface ScriptTarget {
  dataDir: string;
  /** The variables that point a script at this target. */
  env: Record<string, string>;
  /** Opens the target's database. */
  open: () => Promise<DatabaseHandle>;
  dispose: () => Promise<void>;
}

export async function createScriptTarget(): Promise<ScriptTarget> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-script-"));
  // An embedded PostgreSQL below it runs as its own user when the tests run as root.
  chmodSync(dataDir, 0o711);
  const url = await createScratchDatabase("clubkalender_script", { empty: true });
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openPostgres(url),
    dispose: async () => {
      await dropScratchDatabase(url);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/<script>` the way `npm run` does (node with tsx) with `input` on its standard
 * input and only the given configuration (no DATABASE_URL, SMTP or S3 of the caller's).
 */
export function runScript(
  script: string,
  args: string[],
  options: { env: Record<string, string>; input?: string },
): Promise<ScriptRun> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|SMTP_URL|S3_|REDIS_URL|TEST_FIXED_NOW)/.test(name),
    ),
  );
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join("scripts", script), ...args],
    {
      env: { ...inherited, LOG_LEVEL: "silent", SEED_DEMO_DATA: "false", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? "");
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
