import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPostgres, type DatabaseHandle } from "#server/db/client.server.ts";
import { openEmbeddedDatabase } from "#server/db/embedded-database.server.ts";
import { withDatabase } from "./global-database.ts";

/**
 * Where a command-line script under test keeps its data: a fresh DATA_DIR with an embedded
 * database, or — in the "postgres" project — a fresh, empty PostgreSQL database of its own
 * (created here and dropped by `dispose`) with a fresh DATA_DIR for media and the outbox.
 */
export interface ScriptTarget {
  dataDir: string;
  /** The variables that point a script at this target. */
  env: Record<string, string>;
  /** Opens the target's database (only while no script holds it). */
  open: () => Promise<DatabaseHandle>;
  dispose: () => Promise<void>;
}

export async function createScriptTarget(): Promise<ScriptTarget> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-script-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DRIVER !== "postgres") {
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openEmbeddedDatabase({ dataDir: path.join(dataDir, "db"), socketDir: dataDir }),
      dispose: async () => removeDataDir(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `clubkalender_script_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = withDatabase(adminUrl, name);
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openPostgres(url),
    dispose: async () => {
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
      removeDataDir();
    },
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
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
