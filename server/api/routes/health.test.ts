import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { startS3Server } from "#tests/setup/s3-server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { checkReadiness } from "#server/domain/health/readiness.server.ts";

let ctx: TestContext | undefined;
let app: FastifyInstance | undefined;
/** The test closed the database itself; only the mailer is left to close. */
let databaseClosed = false;

async function start(options: { config?: Record<string, string> } = {}) {
  ctx = await createTestContext(options);
  app = await buildApp({ deps: ctx.deps });
  return { ctx, app };
}

afterEach(async () => {
  await app?.close();
  if (databaseClosed) await ctx?.deps.mail.close();
  else await ctx?.close();
  databaseClosed = false;
  app = undefined;
  ctx = undefined;
});

async function closeDatabase(context: TestContext) {
  await context.handle.close();
  databaseClosed = true;
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("GET /api/health/live/", () => {
  it("answers 200 without asking any dependency, never cached", async () => {
    const { ctx, app } = await start();
    await closeDatabase(ctx);
    const response = await app.inject({ url: "/api/health/live/" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/health/ready/", () => {
  it("answers 200 with each check when database, outbox and media folder work", async () => {
    const { app } = await start();
    const response = await app.inject({ url: "/api/health/ready/" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      checks: { database: "ok", mail: "ok", storage: "ok" },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 naming the mail check when the SMTP server refuses connections", async () => {
    const { app } = await start({
      config: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    const response = await app.inject({ url: "/api/health/ready/" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "not_ready",
      checks: { database: "ok", mail: "error", storage: "ok" },
    });
  });

  it("asks the S3 bucket when media live there, and answers 503 once it is gone", async () => {
    const s3 = await startS3Server();
    try {
      const { app } = await start({ config: s3.env });
      const reachable = await app.inject({ url: "/api/health/ready/" });
      expect(reachable.json().checks.storage).toBe("ok");
      await s3.stop();
      const gone = await app.inject({ url: "/api/health/ready/" });
      expect(gone.statusCode).toBe(503);
      expect(["error", "timeout"]).toContain(gone.json().checks.storage);
    } finally {
      await s3.stop();
    }
  });

  it("answers 503 naming the database check when the database is gone", async () => {
    const { ctx, app } = await start();
    await closeDatabase(ctx);
    const response = await app.inject({ url: "/api/health/ready/" });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toEqual({ database: "error", mail: "ok", storage: "ok" });
    // The old combined check keeps answering as before.
    expect((await app.inject({ url: "/api/health/" })).statusCode).toBe(503);
  });

  it("is described in the OpenAPI document with both answers", async () => {
    const { app } = await start();
    const document = (await app.inject({ url: "/api/schema/" })).json();
    expect(document.paths["/api/health/live/"].get.responses).toHaveProperty("200");
    expect(Object.keys(document.paths["/api/health/ready/"].get.responses)).toEqual(["200", "503"]);
  });
});

describe("checkReadiness", () => {
  it("counts a dependency that does not answer in time as timed out", async () => {
    const { ctx } = await start();
    const hangingStorage: DomainDeps = {
      ...ctx.deps,
      storage: { ...ctx.deps.storage, check: () => new Promise(() => {}) },
    };
    const readiness = await checkReadiness(hangingStorage, 50);
    expect(readiness.ready).toBe(false);
    expect(readiness.checks.storage.status).toBe("timeout");
    expect(readiness.checks.database.status).toBe("ok");
  });

  it("counts an unwritable media folder as a storage error", async () => {
    const { ctx } = await start();
    const failingStorage: DomainDeps = {
      ...ctx.deps,
      storage: {
        ...ctx.deps.storage,
        check: () => Promise.reject(new Error("EACCES: permission denied")),
      },
    };
    const readiness = await checkReadiness(failingStorage);
    expect(readiness.checks.storage).toEqual({
      status: "error",
      reason: "EACCES: permission denied",
    });
  });
});
