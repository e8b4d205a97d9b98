import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import {
  isAlive,
  makeTempDataDir,
  removeDir,
  startAppServer,
  workerPids,
  type AppServer,
} from "./app-server.ts";

/**
 * The process that holds the embedded database dies mid-write (SIGKILL: the OOM killer, a
 * crash): every write the server had acknowledged is there after the next start on the same
 * data folder, and that start is not refused (no stale lock, the database recovers). Written
 * against the product — spawn, write, kill, start again, read — not against the database engine.
 */

const servers: AppServer[] = [];
const dataDirs: string[] = [];

afterEach(async () => {
  // Disposing also ends HTTP workers that outlived a killed primary (a failed test).
  for (const server of servers.splice(0)) await server.dispose();
  for (const dir of dataDirs.splice(0)) removeDir(dir);
});

/** Sign-ups until the crash: each one answered 2xx is an acknowledged write. */
const WRITERS = 4;
/** Acknowledged sign-ups before the kill; the writers go on sending while it happens. */
const ACKNOWLEDGED_BEFORE_KILL = 40;

/** One sign-up over a connection of its own; its status, or 0 when the connection failed. */
function signUp(server: AppServer, email: string, client: string): Promise<number> {
  const body = JSON.stringify({ email });
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${server.url}/api/newsletter/subscribe/`,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "x-forwarded-for": client },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      },
    );
    outgoing.on("error", () => resolve(0));
    outgoing.end(body);
  });
}

/**
 * The n-th sign-up's client address (TRUST_PROXY=1): 762 documentation addresses in turn, so
 * none comes near the limit of sign-ups per address (IPv6 ones count by their /64 together).
 */
function clientAddress(n: number): string {
  const networks = ["192.0.2", "198.51.100", "203.0.113"];
  return `${networks[n % 3]}.${(Math.floor(n / 3) % 254) + 1}`;
}

/**
 * WRITERS loops of sign-ups, each address new, until `stop()`; returns the addresses whose
 * sign-up got a 2xx (every status goes to `onAnswer`).
 */
function writeUntilStopped(server: AppServer, onAnswer: (status: number) => void = () => {}) {
  const acknowledged: string[] = [];
  let stopped = false;
  let next = 0;
  const writer = async () => {
    while (!stopped) {
      const n = next++;
      const email = `absturz-${n}@example.org`;
      const status = await signUp(server, email, clientAddress(n));
      onAnswer(status);
      if (status >= 200 && status < 300) acknowledged.push(email);
    }
  };
  const writers = Promise.all(Array.from({ length: WRITERS }, writer));
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await writers;
    },
  };
}

/** The sign-ups' addresses in the database of `dataDir`, opened as the server opens it. */
async function storedAddresses(dataDir: string): Promise<Set<string>> {
  const { deps, close } = await createDeps(
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production" }),
  );
  try {
    const rows = await deps.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers);
    return new Set(rows.map((row) => row.email));
  } finally {
    await close();
  }
}

describe.each([
  { processes: "one process", webConcurrency: 1 },
  { processes: "a primary with two HTTP workers", webConcurrency: 2 },
])("$processes killed while writing", ({ webConcurrency }) => {
  it("keeps every acknowledged write and starts again on the same data folder", async () => {
    const dataDir = makeTempDataDir();
    dataDirs.push(dataDir);
    const env = {
      WEB_CONCURRENCY: String(webConcurrency),
      SEED_DEMO_DATA: "false",
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
    };
    const server = await startAppServer({ dataDir, env });
    servers.push(server);
    if (webConcurrency > 1) {
      // The port answers as soon as the first worker listens; the primary says when all do.
      await vi.waitFor(
        () => {
          if (!server.output().includes(`(${webConcurrency} HTTP workers)`)) {
            throw new Error("Not all workers listen yet");
          }
        },
        { timeout: 120_000, interval: 200 },
      );
    }
    const workers = webConcurrency > 1 ? workerPids(server) : [];
    expect(workers).toHaveLength(webConcurrency > 1 ? webConcurrency : 0);

    const writes = writeUntilStopped(server);
    await vi.waitFor(
      () => {
        if (writes.acknowledged.length < ACKNOWLEDGED_BEFORE_KILL) throw new Error("Writing");
      },
      { timeout: 60_000, interval: 10 },
    );
    // Only the process that holds the database: its HTTP workers must go by themselves.
    expect(await server.stop("SIGKILL")).toBeNull();
    await writes.stop();
    const acknowledged = [...writes.acknowledged];
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    await vi.waitFor(
      () => {
        if (workers.some(isAlive)) throw new Error("A worker outlived its primary");
      },
      { timeout: 30_000, interval: 100 },
    );

    const restarted = await startAppServer({ dataDir, env });
    servers.push(restarted);
    expect(await restarted.stop("SIGINT")).toBe(0);

    const stored = await storedAddresses(dataDir);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  }, 180_000);
});

describe("the embedded PostgreSQL killed while the site writes", () => {
  it("answers 503 (never 500) until it runs again, then keeps every acknowledged write", async () => {
    const dataDir = makeTempDataDir();
    dataDirs.push(dataDir);
    const env = { WEB_CONCURRENCY: "2", SEED_DEMO_DATA: "false", TRUST_PROXY: "1" };
    const server = await startAppServer({ dataDir, env });
    servers.push(server);

    const statuses = new Map<number, number>();
    const writes = writeUntilStopped(server, (status) =>
      statuses.set(status, (statuses.get(status) ?? 0) + 1),
    );
    await vi.waitFor(
      () => {
        if (writes.acknowledged.length < ACKNOWLEDGED_BEFORE_KILL) throw new Error("Writing");
      },
      { timeout: 60_000, interval: 10 },
    );
    process.kill(postmasterPid(dataDir), "SIGKILL");
    const killedAt = writes.acknowledged.length;
    // The primary starts it again; the site writes on.
    await vi.waitFor(
      () => {
        if (writes.acknowledged.length < killedAt + ACKNOWLEDGED_BEFORE_KILL) {
          throw new Error("Not writing again yet");
        }
      },
      { timeout: 90_000, interval: 50 },
    );
    await writes.stop();
    expect(server.output()).toContain("The embedded PostgreSQL runs again.");
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);

    expect(await server.stop("SIGINT")).toBe(0);
    const stored = await storedAddresses(dataDir);
    expect(writes.acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  }, 180_000);
});

/** The embedded PostgreSQL's server process, from its pid file in DATA_DIR/postgres. */
function postmasterPid(dataDir: string): number {
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  return Number(readFileSync(pidFile, "utf8").split("\n")[0]);
}
