import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isRunning } from "#tests/setup/child-processes.ts";
import {
  demoDataChildPids,
  isAlive,
  makeTempDataDir,
  removeDir,
  runToExit,
  startAppServer,
  type AppServer,
} from "./app-server.ts";

/**
 * The server as a process: one owner per data folder, clean shutdown on SIGINT, data kept across
 * restarts, one-line messages for bad configuration, requests in flight finished on shutdown.
 */

// Everything a test starts is ended and removed afterwards, also when it fails.
const servers: AppServer[] = [];
const dataDirs: string[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.dispose();
  for (const dir of dataDirs.splice(0)) removeDir(dir);
});

/** The product's own start: the embedded PostgreSQL in DATA_DIR, demo data seeded there. */
async function start(options?: Parameters<typeof startAppServer>[0]): Promise<AppServer> {
  const server = await startAppServer({ ...options, embedded: true });
  servers.push(server);
  return server;
}

function tempDataDir(): string {
  const dir = makeTempDataDir();
  dataDirs.push(dir);
  return dir;
}

async function eventCount(server: AppServer): Promise<number> {
  const response = await fetch(`${server.url}/api/events/?page_size=1`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { count: number };
  return body.count;
}

/** The embedded PostgreSQL's server process, from its pid file in DATA_DIR/postgres. */
function postmasterPid(dataDir: string): number {
  return Number(
    readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
  );
}

function nonEmptyLines(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "");
}

/**
 * GET without a keep-alive agent: the request carries `Connection: close`, so the socket ends
 * with the response and the server's shutdown never waits for an idle connection.
 */
function getWithoutKeepAlive(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Waits until the server's log (LOG_LEVEL=info) shows that it received a request for `url`. */
async function waitForIncomingRequest(server: AppServer, since: number, url: string) {
  const needle = `"url":${JSON.stringify(url)}`;
  const deadline = Date.now() + 10_000;
  while (!server.output().slice(since).includes(needle)) {
    if (Date.now() > deadline) {
      throw new Error(`The server never logged the request ${url}:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Three server starts in one test: each start takes 15–20 s on a loaded 2-core machine. */
const threeStartsTimeout = 180_000;

describe("data folder lock", () => {
  it("refuses a second process on a data folder in use and leaves the first one running", async () => {
    const first = await start();
    const countBefore = await eventCount(first);
    expect(countBefore).toBeGreaterThan(0);

    const second = await runToExit({ DATA_DIR: first.dataDir });
    expect(second.code).not.toBe(0);
    expect(second.code).not.toBeNull();
    expect(second.stderr).toContain(`The data folder ${path.resolve(first.dataDir)} is in use`);

    expect(existsSync(path.join(first.dataDir, "db.lock"))).toBe(true);
    expect(await eventCount(first)).toBe(countBefore);
  });
});

/** Pictures in place and still pending, read through the running site's database socket. */
async function demoPictures(dataDir: string): Promise<{ inPlace: number; pending: number }> {
  const socketDir = readFileSync(path.join(dataDir, "postgres.socket"), "utf8").trim();
  const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    const { rows } = await client.query<{ in_place: number; pending: number }>(
      `select (select count(*)::int from events where flyer_path is not null)
            + (select count(*)::int from locations where images <> '[]'::jsonb) as in_place,
              (select count(*)::int from pending_demo_pictures) as pending`,
    );
    return { inPlace: rows[0]!.in_place, pending: rows[0]!.pending };
  } finally {
    await client.end();
  }
}

/** How many pictures the output's "Drew N demo pictures." says were drawn (0 without one). */
function drewIn(output: string): number {
  return Number(/Drew (\d+) demo pictures\./.exec(output)?.[1] ?? 0);
}

describe("shutdown and restart", () => {
  /*
   * With two HTTP workers, as `npm start` runs: the primary seeds and draws the demo data in
   * short-lived child processes (decision 0247). The first start is stopped while its child
   * draws; the second draws the rest, and its primary then maps no libvips.
   */
  it(
    "exits 0 on SIGINT, ending the drawing child, releases the lock and keeps the data for the next start",
    { timeout: threeStartsTimeout },
    async () => {
      const dataDir = tempDataDir();
      const env = { WEB_CONCURRENCY: "2" };
      const first = await start({ dataDir, env });
      const countBefore = await eventCount(first);
      expect(countBefore).toBeGreaterThan(0);
      const drawing = await vi.waitFor(
        () => {
          const [child] = demoDataChildPids(first);
          if (child === undefined) throw new Error("No child draws the demo pictures yet");
          return child;
        },
        { timeout: 60_000, interval: 20 },
      );

      expect(await first.stop("SIGINT"), first.output()).toBe(0);
      expect(isRunning(drawing)).toBe(false);
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
      // The embedded PostgreSQL stopped and took its socket along (decision 0201).
      expect(existsSync(path.join(dataDir, "postgres", ".s.PGSQL.5432"))).toBe(false);

      const second = await start({ dataDir, env });
      // Same count: the data survived, and the demo data was not loaded a second time.
      expect(await eventCount(second)).toBe(countBefore);
      expect(second.output()).not.toContain("Loaded the demo data");
      await vi.waitFor(() => expect(second.output()).toMatch(/Drew \d+ demo pictures\./), {
        timeout: 120_000,
        interval: 100,
      });
      // What the stop left pending was drawn now; nothing was lost or drawn twice.
      const pictures = await demoPictures(dataDir);
      expect(pictures.pending).toBe(0);
      expect(drewIn(first.output()) + drewIn(second.output())).toBe(pictures.inPlace);
      // Seed and drawing left with their children: the primary never loaded sharp.
      expect(demoDataChildPids(second)).toEqual([]);
      const maps = readFileSync(`/proc/${second.process.pid}/maps`, "utf8");
      expect(maps).not.toMatch(/libvips|sharp/);
      expect(await second.stop("SIGINT"), second.output()).toBe(0);
    },
  );
});

describe("the embedded PostgreSQL", () => {
  it.each(["SIGINT", "SIGTERM"] as const)(
    "is stopped with the site on %s, and started again on the same folder",
    async (signal) => {
      const dataDir = tempDataDir();
      const first = await start({ dataDir, env: { SEED_DEMO_DATA: "false" } });
      const postmaster = postmasterPid(dataDir);
      expect(isAlive(postmaster)).toBe(true);
      expect(await first.stop(signal), first.output()).toBe(0);
      expect(isAlive(postmaster)).toBe(false);
      const second = await start({ dataDir, env: { SEED_DEMO_DATA: "false" } });
      expect(await eventCount(second)).toBe(0);
    },
    threeStartsTimeout,
  );
});

describe("configuration errors", () => {
  for (const [name, value] of [
    ["PORT", "abc"],
    ["CITY_LAT", "999"],
  ] as const) {
    it(`exits 1 with one line naming ${name} for ${name}=${value}`, async () => {
      const result = await runToExit({ [name]: value });
      expect(result.code, result.stderr).toBe(1);
      const lines = nonEmptyLines(result.stderr);
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain(`Invalid configuration: ${name}="${value}"`);
    });
  }

  it("exits 1 with one line about DATABASE_URL when the database cannot be reached", async () => {
    const result = await runToExit({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" });
    expect(result.code, result.stderr).toBe(1);
    const lines = nonEmptyLines(result.stderr);
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toContain("DATABASE_URL");
  });
});

describe("requests in flight during shutdown", () => {
  /*
   * Chosen check: the response must be 200 AND the server must exit 0 with nothing on stderr.
   * Made reliable by not racing the signal against the request: the server runs with
   * LOG_LEVEL=info, and SIGINT is sent only once Fastify has logged "incoming request" for it,
   * i.e. the request was received and its handler is running (a 100-event page takes a few
   * dozen ms). Sent any earlier, the request could arrive after the listener closed and then
   * rightly be refused. Three rounds on the same data folder, so that the signal lands while
   * the handler is still busy at least once: the shutdown must wait for it every time.
   */
  it(
    "finishes a request already received, then exits 0",
    { timeout: threeStartsTimeout },
    async () => {
      const dataDir = tempDataDir();
      for (let round = 1; round <= 3; round++) {
        const server = await start({ dataDir, env: { LOG_LEVEL: "info" } });
        const requestUrl = `/api/events/?page_size=100&_=inflight${round}`;
        const since = server.output().length;
        const request = getWithoutKeepAlive(`${server.url}${requestUrl}`).catch(
          (error: Error) => error,
        );
        await waitForIncomingRequest(server, since, requestUrl);

        const code = await server.stop("SIGINT");
        const result = await request;
        const context = `round ${round}, server output:\n${server.output()}`;
        expect(result instanceof Error ? result.message : result.status, context).toBe(200);
        expect(JSON.parse((result as { body: string }).body).results.length).toBeGreaterThan(0);
        expect(code, context).toBe(0);
        expect(server.stderr(), context).toBe("");
      }
    },
  );

  /*
   * The same over a keep-alive connection, as browsers and fetch() make them: once the request
   * in flight is answered, the server must not keep waiting for the now idle connection (Fastify
   * would otherwise wait until its keep-alive timeout of 72 s runs out, long past a typical stop
   * grace period). Same three rounds as above.
   */
  it(
    "does not wait for the idle keep-alive connection after answering",
    { timeout: threeStartsTimeout },
    async () => {
      const dataDir = tempDataDir();
      for (let round = 1; round <= 3; round++) {
        const server = await start({ dataDir, env: { LOG_LEVEL: "info" } });
        const requestUrl = `/api/events/?page_size=100&_=keepalive${round}`;
        const since = server.output().length;
        const request = fetch(`${server.url}${requestUrl}`).then(
          async (response) => ({ status: response.status, body: await response.text() }),
          (error: Error) => error,
        );
        await waitForIncomingRequest(server, since, requestUrl);

        const stopped = server.stop("SIGINT", 10_000).catch((error: Error) => error);
        const result = await request;
        const code = await stopped;
        const context = `round ${round}, server output:\n${server.output()}`;
        expect(
          result instanceof Error ? String(result.cause ?? result) : result.status,
          context,
        ).toBe(200);
        expect(code instanceof Error ? "still running 10 s after SIGINT" : code, context).toBe(0);
      }
    },
  );
});
