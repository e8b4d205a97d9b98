import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { createScratchDatabase, dropScratchDatabase } from "#tests/setup/scratch-database.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createDeps } from "#server/create-deps.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { orderTopEvent } from "#server/domain/payments/top-event-orders.server.ts";

/**
 * A process killed (SIGKILL) after a payment was recorded and before it was fulfilled leaves a
 * `paid` order; the payments job of the next start fulfils it, and only once.
 */

const NOW = "2026-11-20T20:00:00Z";
const projectRoot = path.resolve(import.meta.dirname, "../..");

let dataDir: string;
let databaseUrl: string;

function run(script: string, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    TOKEN_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    JOB_NOW: NOW,
    ...extra,
  };
  delete env.STRIPE_SECRET_KEY;
  delete env.STRIPE_WEBHOOK_SECRET;
  env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal, output })),
  );
}

async function withDeps<T>(work: (deps: DomainDeps) => Promise<T>): Promise<T> {
  const config = createTestConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const { deps, close } = await createDeps(config, { now: () => new Date(NOW) });
  try {
    return await work(deps);
  } finally {
    await close();
  }
}

let orderId: number;
let eventId: number;
let reference: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-paycrash-"));
  databaseUrl = await createScratchDatabase("clubkalender_paycrash");
  const config = createTestConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const { database, close } = await createDeps(config);
  await database.migrate();
  await close();
  await withDeps(async (deps) => {
    const owner = await createUser(deps);
    const event = await createEvent(deps, {
      title: "Absturzsicher",
      startsAt: "2026-12-05T22:00:00Z",
      createdById: owner.id,
    });
    const order = await orderTopEvent(deps, { id: owner.id, role: "user" }, event.id, {
      accept_terms: true,
    });
    const [row] = await deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.orderId));
    orderId = order.orderId;
    eventId = event.id;
    reference = row!.providerReference!;
  });
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropScratchDatabase(databaseUrl);
});

it("fulfils a payment recorded right before a SIGKILL exactly once on the next start", async () => {
  const crashed = await run("tests/payments/pay-then-crash.ts", { PAYMENT_REFERENCE: reference });
  expect(crashed.signal, crashed.output).toBe("SIGKILL");
  const afterCrash = await withDeps(async (deps) => {
    const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
    return { status: order!.status, topUntil: event!.topUntil };
  });
  expect(afterCrash).toEqual({ status: "paid", topUntil: null });

  for (let start = 0; start < 2; start++) {
    const restarted = await run("tests/payments/run-payments-job.ts");
    expect(restarted.code, restarted.output).toBe(0);
    expect(JSON.parse(restarted.output).result.ordersSettled).toBe(start === 0 ? 1 : 0);
  }

  await withDeps(async (deps) => {
    const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
    expect(order!.status).toBe("fulfilled");
    expect(order!.history.map((entry) => entry.status)).toEqual(["created", "paid", "fulfilled"]);
    // Until the party's night (Sat 05.12.) is over: Sunday, 06:00 in Berlin.
    expect(event!.topUntil).toEqual(new Date("2026-12-06T05:00:00Z"));
  });
}, 120_000);
