import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { EMBEDDED_POSTGRES_MAJOR, postgresBinaries } from "./postgres-binaries.server.ts";

/**
 * The embedded database (decision 0201): a real PostgreSQL server from the binaries of the
 * `@embedded-postgres/*` package, run as a child process on a data folder of its own, answering
 * only on a Unix socket (no TCP port). `initdb` runs once; later starts take well under a second.
 * As root, PostgreSQL (which refuses to run as root) runs as an unprivileged system user, created
 * if missing.
 *
 * The server dies with the process that started it: it runs under a small shell that holds a
 * pipe from this process and stops the server (fast shutdown: running transactions roll back,
 * everything committed is on disk) when the pipe closes — on `stop`, and when this process is
 * killed outright. It runs in a process group of its own, so Ctrl-C on the terminal reaches only
 * this process, which finishes its requests before it stops the database.
 */

export class EmbeddedPostgresError extends Error {}

export interface EmbeddedPostgres {
  /** The directory holding the Unix socket: node-postgres's `host`. */
  socketDir: string;
  /** Stops the server (after every client has gone) and waits for it to exit. */
  stop: () => Promise<void>;
  /** Called once if the server exits without `stop` (crash, or killed). */
  onUnexpectedExit: (listener: (code: number | null) => void) => void;
}

/** The name PostgreSQL clients look for in the socket directory (port 5432). */
const SOCKET_NAME = ".s.PGSQL.5432";
/** A Unix socket path holds at most 107 bytes on Linux and 103 on macOS. */
const MAX_SOCKET_PATH = 100;
/** The system user PostgreSQL runs as when this process is root. */
export const EMBEDDED_POSTGRES_USER = "clubkalender-postgres";
/** Crash recovery after a kill replays the write-ahead log: allow it time on a slow disk. */
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const LOG_LINES_KEPT = 30;

/**
 * Starts the server (`"$0" "$@"`) in the background and stops it (SIGINT: fast shutdown) once
 * standard input ends; exits with the server's status. The server itself gets no standard input.
 */
const WATCHDOG = [
  "exec 3<&0",
  '"$0" "$@" </dev/null 3<&- &',
  "server=$!",
  '( read -r _ <&3; kill -INT "$server" 2>/dev/null ) &',
  "watcher=$!",
  "exec 3<&-",
  'wait "$server"',
  "status=$?",
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join("\n");

interface RunAs {
  uid: number;
  gid: number;
}

/** This process's user, or (as root) the unprivileged system user, created if missing. */
function userToRunAs(): RunAs | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const find = () =>
    readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .map((line) => line.split(":"))
      .find((fields) => fields[0] === EMBEDDED_POSTGRES_USER);
  let entry = find();
  if (!entry) {
    try {
      execFileSync(
        "useradd",
        [
          ...["--system", "--user-group", "--no-create-home"],
          ...["--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin"],
          EMBEDDED_POSTGRES_USER,
        ],
        { stdio: "pipe" },
      );
    } catch (error) {
      throw new EmbeddedPostgresError(
        `PostgreSQL does not run as root, and the system user ${EMBEDDED_POSTGRES_USER} could ` +
          `not be created (${(error as Error).message.trim()}): start the site as a normal user, ` +
          `or set DATABASE_URL.`,
      );
    }
    entry = find();
  }
  return { uid: Number(entry![2]), gid: Number(entry![3]) };
}

/**
 * Whether `pid` runs the PostgreSQL server of `pgdata` (on Linux by its command line, which names
 * the folder; elsewhere: alive). A stale postmaster.pid may name a number handed out again — to a
 * backend of another PostgreSQL on the machine, say, which must never get this start's signals.
 */
function isServerOf(pgdata: string, pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync("/proc/self")) return true;
  try {
    const args = readFileSync(cmdline, "utf8").split("\0");
    return args.some((arg, at) => arg === "-D" && args[at + 1] === pgdata);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when `promise` settles within `ms`; the timer never outlives it. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A server left running on `pgdata` by a process that was killed before it could stop it (its
 * watchdog normally stops it within a moment): stopped, so this start can take over. The caller
 * holds the data folder's lock, so no running site owns it.
 */
async function stopLeftoverServer(pgdata: string) {
  const pidFile = path.join(pgdata, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isServerOf(pgdata, pid)) return;
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < STOP_TIMEOUT_MS; waited += 100) {
    if (!isServerOf(pgdata, pid)) return;
    await sleep(100);
  }
  if (isServerOf(pgdata, pid)) process.kill(pid, "SIGKILL");
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
      ...runAs,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(output.trim() || `exit code ${code}`)),
    );
  });
}

/**
 * The C library locale the cluster's character classes come from (the full-text parser's idea of
 * a letter): C.UTF-8, which every current glibc has built in; macOS has no C.UTF-8.
 */
const characterLocale = os.platform() === "darwin" ? "en_US.UTF-8" : "C.UTF-8";

/**
 * A new cluster in `pgdata`: UTF-8, Unicode-aware case mapping and code-point order from the
 * builtin provider (independent of the OS), character classes from a UTF-8 C library locale
 * (with plain "C" the full-text parser took "–" for a word).
 */
async function initialise(initdb: string, pgdata: string, runAs: RunAs | undefined) {
  const parent = path.dirname(pgdata);
  mkdirSync(parent, { recursive: true });
  // The server's user must pass through DATA_DIR (a folder made by mkdtemp is 0700): search
  // permission for others, nothing more — they still cannot list it.
  if (runAs) chmodSync(parent, statSync(parent).mode | 0o001);
  mkdirSync(pgdata, { mode: 0o700 });
  if (runAs) chownSync(pgdata, runAs.uid, runAs.gid);
  try {
    await run(
      initdb,
      [
        ...["--pgdata", pgdata, "--username", "postgres", "--auth", "trust"],
        ...["--encoding", "UTF8", "--locale", characterLocale],
        ...["--locale-provider", "builtin", "--builtin-locale", "C.UTF-8"],
      ],
      runAs,
    );
  } catch (error) {
    rmSync(pgdata, { recursive: true, force: true });
    const reason = (error as Error).message
      .split("\n")
      .filter((line) => line.startsWith("initdb:"));
    const hint = runAs
      ? ` (PostgreSQL runs as the system user ${EMBEDDED_POSTGRES_USER}: every folder above ` +
        `DATA_DIR must let others pass, e.g. chmod o+x)`
      : "";
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL could not be created in ${pgdata}: ` +
        `${reason.join(" ") || (error as Error).message}${hint}`,
    );
  }
}

function checkMajorVersion(pgdata: string) {
  const version = readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim();
  if (version === EMBEDDED_POSTGRES_MAJOR) return;
  throw new EmbeddedPostgresError(
    `The data folder ${pgdata} holds a PostgreSQL ${version} database, this release runs ` +
      `PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}: back it up with the release that wrote it ` +
      `(npm run db:backup) and restore it into a new DATA_DIR with this one (npm run db:restore).`,
  );
}

/** Resolves once the server answers on its socket; rejects if it exits first. */
async function waitUntilReady(socketDir: string, exited: () => boolean, log: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited()) {
      throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start:\n${log()}`);
    }
    const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${log()}`,
      );
    }
    await sleep(50);
  }
}

/**
 * Starts PostgreSQL on `pgdata` (created with `initdb` if empty) with its socket in
 * `socketDir` (or, if that path would be too long for a socket, in a private temporary folder).
 */
export async function startEmbeddedPostgres(options: {
  pgdata: string;
  socketDir?: string;
  /** Client connections it allows at once (max_connections); 100, PostgreSQL's default. */
  maxConnections?: number;
  /** Server messages worth an operator's eye (FATAL, PANIC) while it runs. */
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const { initdb, postgres } = await postgresBinaries();
  const runAs = userToRunAs();
  // Absolute, as its command line names it: how a later start recognises a server left running.
  const pgdata = path.resolve(options.pgdata);
  const { maxConnections = 100 } = options;
  if (!existsSync(path.join(pgdata, "PG_VERSION"))) await initialise(initdb, pgdata, runAs);
  checkMajorVersion(pgdata);
  await stopLeftoverServer(pgdata);

  const preferred = options.socketDir ?? pgdata;
  const fits = path.join(preferred, SOCKET_NAME).length <= MAX_SOCKET_PATH;
  const socketDir = fits ? preferred : mkdtempSync(path.join(os.tmpdir(), "clubkalender-db-"));
  if (runAs && socketDir !== pgdata) chownSync(socketDir, runAs.uid, runAs.gid);

  const child: ChildProcess = spawn(
    "/bin/sh",
    [
      ...["-c", WATCHDOG, postgres],
      ...["-D", pgdata, "-k", socketDir],
      ...["-c", "listen_addresses=", "-c", "unix_socket_permissions=0700"],
      ...["-c", "log_min_messages=fatal", "-c", "log_checkpoints=off"],
      ...["-c", `max_connections=${maxConnections}`, "-c", "shared_buffers=32MB"],
    ],
    {
      detached: true,
      stdio: ["pipe", "ignore", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
      ...runAs,
    },
  );
  const lines: string[] = [];
  let partial = "";
  let ready = false;
  let stopping = false;
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      if (lines.length > LOG_LINES_KEPT) lines.shift();
      // Before it is ready it refuses this process's own probes, and while stopping it ends its
      // connections: neither is worth a line.
      if (ready && !stopping && /\b(FATAL|PANIC):/.test(line)) options.onLog?.(line);
    }
  });
  // The pipe only ends when this process stops the server or dies: nothing is written to it.
  child.stdin!.on("error", () => {});
  let exitCode: number | null | undefined;
  const unexpectedExitListeners: ((code: number | null) => void)[] = [];
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      if (!fits) rmSync(socketDir, { recursive: true, force: true });
      if (!stopping) for (const listener of unexpectedExitListeners) listener(code);
      resolve();
    }),
  );
  try {
    await waitUntilReady(
      socketDir,
      () => exitCode !== undefined,
      () => lines.join("\n"),
    );
    ready = true;
  } catch (error) {
    stopping = true;
    child.stdin!.end();
    await settlesWithin(exited, STOP_TIMEOUT_MS);
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    socketDir,
    onUnexpectedExit: (listener) => unexpectedExitListeners.push(listener),
    stop: () => {
      stopped ??= (async () => {
        stopping = true;
        child.stdin!.end();
        const inTime = await settlesWithin(exited, STOP_TIMEOUT_MS);
        if (!inTime && child.pid !== undefined) {
          process.kill(-child.pid, "SIGKILL");
          await exited;
        }
      })();
      return stopped;
    },
  };
}
