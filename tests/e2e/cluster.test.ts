import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { users } from "#server/db/schema/users.ts";
import { hashPassword } from "#server/domain/auth/password-hashing.server.ts";
import {
  isAlive,
  makeTempDataDir,
  removeDir,
  startAppServer,
  workerPids,
  type AppServer,
} from "./app-server.ts";

/**
 * WEB_CONCURRENCY=2 (decision 0191): a primary that owns the database and the jobs, two
 * node:cluster HTTP workers on one port — on the embedded database (shared through its socket)
 * and, when TEST_DATABASE_URL is set, on a PostgreSQL database of its own. Each request goes over
 * a new connection, so the primary hands them to the workers in turn; `X-Worker` names the one
 * that answered.
 */

const admin = { email: "betrieb@example.org", password: "Nachts sind alle Katzen bunt 2026" };
const owedSubscriber = "wartet@example.org";
const RATE_LIMIT = 20;
/** Every test's requests come from an address of their own (TRUST_PROXY=1): separate limits. */
let nextClient = 1;
const newClient = () => `198.51.100.${nextClient++}`;

interface Answer {
  status: number;
  worker: string;
  cache: string | undefined;
  body: string;
}

/** One request over a connection of its own (no keep-alive). */
function request(
  server: AppServer,
  method: string,
  urlPath: string,
  options: { client?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${server.url}${urlPath}`,
      {
        method,
        agent: false,
        headers: {
          "x-forwarded-for": options.client ?? newClient(),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            worker: String(response.headers["x-worker"]),
            cache: response.headers["x-page-cache"] as string | undefined,
            body,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** Requests `urlPath` until both workers have answered it (at most 20 times); by worker. */
async function fromEveryWorker(
  server: AppServer,
  urlPath: string,
  options: { token?: string } = {},
): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (let attempt = 0; attempt < 20 && answers.size < 2; attempt++) {
    const answer = await request(server, "GET", urlPath, options);
    if (!answers.has(answer.worker)) answers.set(answer.worker, answer);
  }
  expect([...answers.keys()].sort()).toEqual(["1", "2"]);
  return answers;
}

/** The log lines of the newsletter job's runs (logged by whichever process ran it). */
function jobLines(server: AppServer): string[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"newsletter job"'));
}

/** The database's admin account and a sign-up whose confirmation mail is owed (a job sends it). */
async function prepareDatabase(env: Record<string, string>) {
  const { database, deps, close } = await createDeps(
    loadConfig({ ...env, NODE_ENV: "production" }),
  );
  try {
    await database.migrate();
    await deps.db.insert(users).values({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      displayName: "Betrieb",
      role: "admin",
      verifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    });
    await deps.db.insert(newsletterSubscribers).values({
      email: owedSubscriber,
      status: "pending",
      consent: {
        signedUpAt: new Date().toISOString(),
        ip: "192.0.2.1",
        userAgent: "Test",
        form: "page",
        wordingVersion: "2026-11-newsletter-1",
      },
      confirmationMailDueAt: new Date(Date.now() - 60 * 60_000),
    });
  } finally {
    await close();
  }
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const databases = [
  { name: "the embedded database", postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "PostgreSQL", postgres: true }] : []),
];

describe.each(databases)("two HTTP workers on $name", ({ postgres }) => {
  let dataDir: string;
  let databaseName: string | undefined;
  let sink: SmtpSink;
  let server: AppServer;

  beforeAll(async () => {
    dataDir = makeTempDataDir();
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (postgres) {
      databaseName = `clubkalender_cluster_${process.pid}_${Date.now()}`;
      await adminQuery(`create database "${databaseName}"`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${databaseName}`;
      env.DATABASE_URL = url.toString();
    }
    await prepareDatabase(env);
    sink = await startSmtpSink();
    server = await startAppServer({
      dataDir,
      env: {
        ...env,
        WEB_CONCURRENCY: "2",
        SEED_DEMO_DATA: "false",
        SMTP_URL: sink.url,
        TRUST_PROXY: "1",
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        LOG_LEVEL: "info",
      },
    });
    // The port answers as soon as the first worker listens; the primary says when all do.
    await vi.waitFor(
      () => {
        if (!server.output().includes("(2 HTTP workers)")) throw new Error("Not all listening");
      },
      { timeout: 120_000, interval: 200 },
    );
  });

  afterAll(async () => {
    await server?.dispose();
    await sink?.close();
    if (dataDir) removeDir(dataDir);
    if (databaseName) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
  });

  it("answers from both workers, each its own process under the primary", async () => {
    const answers = await fromEveryWorker(server, "/api/health/live/");
    for (const answer of answers.values()) expect(answer.status).toBe(200);
    expect(workerPids(server)).toHaveLength(2);
    // Each with its heap kept small (decisions 0209, 0249).
    for (const pid of workerPids(server)) {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      expect(commandLine).toEqual(
        expect.arrayContaining(["--max-semi-space-size=2", "--max-old-space-size=512"]),
      );
    }
  });

  it("shows an edit on the next request in every worker, kept pages and all", async () => {
    // Logged in first: a login takes a while (password hashing), the edit must follow at once.
    const login = await request(server, "POST", "/api/token/", { body: admin });
    expect(login.status, login.body).toBe(200);
    const token = (JSON.parse(login.body) as { access: string }).access;
    // Both workers keep the menu in their page cache.
    for (let attempt = 0; attempt < 10; attempt++) {
      const answers = await fromEveryWorker(server, "/api/navigation/");
      if ([...answers.values()].every((answer) => answer.cache === "hit")) break;
    }
    const kept = await fromEveryWorker(server, "/api/navigation/");
    for (const answer of kept.values()) expect(answer.cache).toBe("hit");

    const edit = await request(server, "PUT", "/api/admin/navigation/footer/", {
      token,
      body: { items: [{ label: "Über uns", url: "/ueber-uns" }] },
    });
    expect(edit.status, edit.body).toBe(204);

    const after = await fromEveryWorker(server, "/api/navigation/");
    for (const answer of after.values()) {
      expect(JSON.parse(answer.body).footer).toEqual([{ label: "Über uns", url: "/ueber-uns" }]);
    }
  });

  it("shares the one database: what one worker writes, the other reads", async () => {
    const login = await request(server, "POST", "/api/token/", { body: admin });
    const token = (JSON.parse(login.body) as { access: string }).access;
    for (const worker of ["1", "2"]) {
      const label = `Von Worker ${worker}`;
      let written: Answer | undefined;
      for (let attempt = 0; attempt < 20 && written?.worker !== worker; attempt++) {
        written = await request(server, "PUT", "/api/admin/navigation/main/", {
          token,
          body: { items: [{ label, url: "/" }] },
        });
        expect(written.status, written.body).toBe(204);
      }
      expect(written?.worker).toBe(worker);
      // Signed in: never from the page cache, straight from the database.
      const read = await fromEveryWorker(server, "/api/navigation/", { token });
      for (const answer of read.values()) {
        expect(answer.cache).toBeUndefined();
        expect(JSON.parse(answer.body).main).toEqual([{ label, url: "/" }]);
      }
    }
  });

  it("counts a client's requests once for all workers", async () => {
    const client = newClient();
    const answers: Answer[] = [];
    for (let index = 0; index < RATE_LIMIT + 10; index++) {
      answers.push(await request(server, "GET", "/api/health/live/", { client }));
    }
    const passed = answers.filter((answer) => answer.status === 200);
    expect(passed).toHaveLength(RATE_LIMIT);
    expect(new Set(passed.map((answer) => answer.worker))).toEqual(new Set(["1", "2"]));
    expect(answers.slice(RATE_LIMIT).every((answer) => answer.status === 429)).toBe(true);
  });

  it("runs the jobs once, in the primary: the owed confirmation mail goes out once", async () => {
    await sink.mailTo(owedSubscriber);
    await expect.poll(() => jobLines(server)).not.toEqual([]);
    for (const line of jobLines(server)) expect(line).toContain('"role":"primary"');
    expect(sink.received.filter((mail) => mail.recipients.includes(owedSubscriber))).toHaveLength(
      1,
    );
  });

  it("replaces a worker that dies, and the new one answers", async () => {
    const [victim] = workerPids(server);
    process.kill(victim!, "SIGKILL");
    await expect
      .poll(() => server.output(), { timeout: 60_000 })
      .toContain("an HTTP worker stopped; starting a new one");
    // node:cluster numbers workers on: the replacement is worker 3.
    await expect
      .poll(async () => (await request(server, "GET", "/api/health/live/")).worker, {
        timeout: 120_000,
      })
      .toBe("3");
    expect(workerPids(server)).not.toContain(victim);
    expect(workerPids(server)).toHaveLength(2);
  });

  it("stops everything on Ctrl-C: exit 0, no worker left, no socket, no lock", async () => {
    const workers = workerPids(server);
    expect(workers).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) =>
      server.process.once("exit", (code) => resolve(code)),
    );
    // A terminal's Ctrl-C: SIGINT to the whole process group, primary and workers alike.
    process.kill(-server.process.pid!, "SIGINT");
    expect(await exited).toBe(0);
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    expect(readdirSync(dataDir).filter((name) => name.startsWith(".s.PGSQL"))).toEqual([]);
    expect(server.output()).not.toMatch(/after calling end on the pool/);
  });
});
