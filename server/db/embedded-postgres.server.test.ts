import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres.server.ts";

/**
 * The embedded PostgreSQL (decision 0201): created once, started again on its folder, refused on
 * a folder of another major version, and never left running without the process that started
 * it — after `stop`, and after that process is killed outright.
 */

const workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-embedded-postgres-"));
// As root the server runs as its own user, who must pass through every folder above its own.
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const projectRoot = path.resolve(import.meta.dirname, "../..");

async function query<T>(socketDir: string, text: string): Promise<T[]> {
  const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

function postmasterPid(pgdata: string): number {
  return Number(readFileSync(path.join(pgdata, "postmaster.pid"), "utf8").split("\n")[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the embedded PostgreSQL", () => {
  const pgdata = path.join(workDir, "site", "postgres");
  let server: EmbeddedPostgres | undefined;

  afterAll(async () => {
    await server?.stop();
  });

  it("creates its cluster on first start and answers on its socket with what the site needs", async () => {
    server = await startEmbeddedPostgres({ pgdata });
    expect(server.socketDir).toBe(pgdata);
    const [row] = await query<{ version: string; lower: string; icu: boolean; dash: string }>(
      server.socketDir,
      `select current_setting('server_version_num') as version, lower('ÜBER') as lower,
              'Ärger' collate "und-x-icu" < 'Zebra' as icu,
              websearch_to_tsquery('german', '?!.,;:–')::text as dash`,
    );
    // A dash is no word for the full-text search (it was under the plain "C" locale).
    expect(row).toEqual({
      version: expect.stringMatching(/^18/),
      lower: "über",
      icu: true,
      dash: "",
    });
    const extensions = await query<{ name: string }>(
      server.socketDir,
      "select name from pg_available_extensions where name in ('pg_trgm', 'unaccent') order by name",
    );
    expect(extensions.map((extension) => extension.name)).toEqual(["pg_trgm", "unaccent"]);
    // No TCP port: only the socket.
    const [listen] = await query<{ listen: string }>(
      server.socketDir,
      "select current_setting('listen_addresses') as listen",
    );
    expect(listen!.listen).toBe("");
  });

  it("keeps what was committed across a stop and a new start on the same folder", async () => {
    await query(
      server!.socketDir,
      "create table kept (value text); insert into kept values ('ja')",
    );
    const pid = postmasterPid(pgdata);
    await server!.stop();
    expect(isAlive(pid)).toBe(false);
    server = await startEmbeddedPostgres({ pgdata });
    expect(await query(server.socketDir, "select value from kept")).toEqual([{ value: "ja" }]);
  });

  it("tells when the server stops without being asked to", async () => {
    const exits: (number | null)[] = [];
    server!.onUnexpectedExit((code) => exits.push(code));
    process.kill(postmasterPid(pgdata), "SIGKILL");
    await expect.poll(() => exits.length).toBe(1);
    // After a kill the next start recovers from the write-ahead log.
    server = await startEmbeddedPostgres({ pgdata });
    expect(await query(server.socketDir, "select value from kept")).toEqual([{ value: "ja" }]);
  });

  it("takes over a server that a killed process left running on its folder", async () => {
    const leftover = postmasterPid(pgdata);
    // As if its starter and the watchdog were both killed: the server alone stays.
    const taking = await startEmbeddedPostgres({ pgdata });
    expect(isAlive(leftover)).toBe(false);
    expect(await query(taking.socketDir, "select value from kept")).toEqual([{ value: "ja" }]);
    server = taking;
  });

  it("leaves alone a process whose number a stale postmaster.pid names, even one called postgres", async () => {
    await server!.stop();
    server = undefined;
    // The number went to another program since (a backend of the machine's own PostgreSQL, say).
    const stranger = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "postgres"], {
      stdio: "ignore",
    });
    try {
      const pidFile = path.join(pgdata, "postmaster.pid");
      writeFileSync(pidFile, `${stranger.pid}\n${pgdata}\n`);
      const started = await startEmbeddedPostgres({ pgdata }).catch((error: Error) => error);
      if (!(started instanceof Error)) server = started;
      expect(isAlive(stranger.pid!)).toBe(true);
    } finally {
      stranger.kill("SIGKILL");
    }
  });
});

describe("a start that cannot go on", () => {
  it("refuses a folder of another PostgreSQL major version with one line saying what to do", async () => {
    const pgdata = path.join(workDir, "older", "postgres");
    mkdirSync(pgdata, { recursive: true });
    writeFileSync(path.join(pgdata, "PG_VERSION"), "16\n");
    const error = await startEmbeddedPostgres({ pgdata }).catch((caught: Error) => caught);
    expect((error as Error).message).toMatch(
      /holds a PostgreSQL 16 database, this release runs PostgreSQL 18: back it up .* restore it/,
    );
    expect(readFileSync(path.join(pgdata, "PG_VERSION"), "utf8")).toBe("16\n");
  });
});

describe("a process that starts the server and is then killed", () => {
  it("leaves no PostgreSQL running", async () => {
    const pgdata = path.join(workDir, "killed", "postgres");
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { startEmbeddedPostgres } from "#server/db/embedded-postgres.server.ts";
         await startEmbeddedPostgres({ pgdata: ${JSON.stringify(pgdata)} });
         console.log("ready");
         setInterval(() => {}, 1000);`,
      ],
      { cwd: projectRoot, stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.once("exit", (code) => reject(new Error(`the starter exited with ${code}`)));
    });
    const pid = postmasterPid(pgdata);
    expect(isAlive(pid)).toBe(true);
    child.kill("SIGKILL");
    await expect.poll(() => isAlive(pid)).toBe(false);
  });
});
