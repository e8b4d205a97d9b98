import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestConfig, createTestDatabase } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { createRedisCounters } from "#server/counters/redis-counters.server.ts";
import type { SharedCounters } from "#server/counters/shared-counters.ts";
import { createDeps, type Composition } from "#server/create-deps.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { FREE_FAILURES } from "#server/domain/attempt-ledger.ts";
import { verifyPassword } from "#server/domain/auth/password-hashing.server.ts";
import type * as PasswordHashing from "#server/domain/auth/password-hashing.server.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

// Every password the server checks against a stored hash passes through here: the test counts them.
vi.mock("#server/domain/auth/password-hashing.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof PasswordHashing>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

/** Redis runs when TEST_REDIS_URL is set; a fresh prefix keeps runs apart. */
const redisUrl = process.env.TEST_REDIS_URL;
const redisPrefix = `test-${randomBytes(6).toString("hex")}:`;
const stores: [string, (() => SharedCounters) | undefined][] = [
  ["the database", undefined],
  ...(redisUrl
    ? [
        ["Redis", () => createRedisCounters(redisUrl, redisPrefix)] as [
          string,
          () => SharedCounters,
        ],
      ]
    : []),
];

const PARALLEL = 100;

/**
 * Issue 25: the back-off read the failures, checked the password and only then counted the
 * failure, so requests arriving together all read "no wait" and were all checked. Now an attempt
 * is counted before the check (decision 0197): however many arrive at once, only the free ones
 * reach the password hash.
 */
describe.each(stores)("parallel password checks, counted in %s", (_storeName, openCounters) => {
  let database: DatabaseHandle;
  let composition: Composition;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    composition = await createDeps(createTestConfig(), {
      database,
      now: () => new Date("2026-11-20T20:00:00Z"),
      counters: openCounters?.(),
    });
    app = await buildApp({ deps: composition.deps });
  });

  afterAll(async () => {
    await app.close();
    await composition.close();
  });

  beforeEach(() => {
    vi.mocked(verifyPassword).mockClear();
  });

  let address = 0;
  /** Each request from another client address, as a botnet sends them. */
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url,
      payload,
      headers,
      remoteAddress: `10.5.${Math.floor(++address / 250)}.${address % 250}`,
    });

  const statusCounts = (statuses: number[]) =>
    Object.fromEntries(
      [...new Set(statuses)].map((status) => [
        status,
        statuses.filter((other) => other === status).length,
      ]),
    );

  it(`checks at most ${FREE_FAILURES} passwords of ${PARALLEL} wrong logins at once for one account`, async () => {
    const user = await createUser(composition.deps);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, attempt) =>
        post("/api/token/", { email: user.email, password: `geraten-${attempt}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statusCounts(statuses)).toEqual({ 401: FREE_FAILURES, 429: PARALLEL - FREE_FAILURES });
  });

  it("checks only the current passwords left to a user when they arrive at once", async () => {
    const user = await createUser(composition.deps);
    const { access } = await startSession(composition.deps, user.id, null);
    const changePassword = (attempt: number) =>
      post(
        "/api/password_change/",
        { current_password: `falsch-${attempt}`, new_password: "Ein ganz neues Passwort 7" },
        bearer(access),
      );
    expect((await changePassword(0)).statusCode).toBe(400);
    vi.mocked(verifyPassword).mockClear();
    const statuses = (
      await Promise.all(Array.from({ length: PARALLEL }, (_, attempt) => changePassword(attempt)))
    ).map((response) => response.statusCode);
    const left = FREE_FAILURES - 1;
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(left);
    expect(statusCounts(statuses)).toEqual({ 400: left, 429: PARALLEL - left });
  });

  it("checks the current password of an account deletion the same way", async () => {
    const user = await createUser(composition.deps);
    const { access } = await startSession(composition.deps, user.id, null);
    const statuses = (
      await Promise.all(
        Array.from({ length: PARALLEL }, (_, attempt) =>
          app.inject({
            method: "DELETE",
            url: "/api/my-data/",
            headers: bearer(access),
            payload: { password: `falsch-${attempt}` },
          }),
        ),
      )
    ).map((response) => response.statusCode);
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statusCounts(statuses)).toEqual({ 400: FREE_FAILURES, 429: PARALLEL - FREE_FAILURES });
  });
});
