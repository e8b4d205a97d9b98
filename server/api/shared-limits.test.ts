import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestConfig, createTestDatabase } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { createRedisCounters } from "#server/counters/redis-counters.server.ts";
import type { SharedCounters } from "#server/counters/shared-counters.ts";
import { createDeps, type Composition } from "#server/create-deps.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { FREE_FAILURES } from "#server/domain/attempt-ledger.ts";
import { UNSOLICITED_MAILS_PER_HOUR } from "#server/domain/unsolicited-mail.server.ts";

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

const RATE_LIMIT_PER_MINUTE = 40;

/**
 * Two instances of the site (as two processes would be) on one database, each with its own
 * composition and its own connection to the counters: every limit counts their requests together.
 */
describe.each(stores)(
  "limits shared by two instances, counted in %s",
  (storeName, openCounters) => {
    let database: DatabaseHandle;
    const instances: { composition: Composition; app: FastifyInstance }[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const config = createTestConfig({ RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE) });
      for (let count = 0; count < 2; count++) {
        const composition = await createDeps(config, {
          // The database outlives both instances; each closes only what it opened itself.
          database: { ...database, close: async () => {} },
          now: () => new Date("2026-11-20T20:00:00Z"),
          counters: openCounters?.(),
        });
        instances.push({ composition, app: await buildApp({ deps: composition.deps }) });
      }
    });

    afterAll(async () => {
      for (const { app, composition } of instances) {
        await app.close();
        await composition.close();
      }
      await database.close();
    });

    let address = 0;
    /** Each request goes to the other instance, from `from` or else a fresh client address. */
    const post = (index: number, url: string, payload: object, from?: string) =>
      instances[index % 2]!.app.inject({
        method: "POST",
        url,
        payload,
        remoteAddress: from ?? `10.8.${Math.floor(++address / 250)}.${address % 250}`,
      });

    it("limits login attempts per client address across the instances", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        const response = await post(
          attempt,
          "/api/token/",
          { email: `niemand-${attempt}@example.org`, password: "falsch" },
          "10.7.0.1",
        );
        statuses.push(response.statusCode);
      }
      // Ten logins a minute per address (decision 0031): each instance alone would allow ten.
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    });

    it("makes a guessed account wait after the free failures, whichever instance answers", async () => {
      const user = await createUser(instances[0]!.composition.deps);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < FREE_FAILURES + 2; attempt++) {
        const response = await post(attempt, "/api/token/", {
          email: user.email,
          password: "falsch",
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429, 429]);
    });

    it("caps the mails to one address across the instances", async () => {
      const { deps } = instances[0]!.composition;
      const user = await createUser(deps);
      for (let attempt = 0; attempt < 8; attempt++) {
        expect(
          (await post(attempt, "/api/password_reset/", { email: user.email })).statusCode,
        ).toBe(200);
      }
      await expect
        .poll(async () => (await mailsTo(deps.config, user.email)).length)
        .toBe(UNSOLICITED_MAILS_PER_HOUR);
    });

    // The request rate is shared through Redis only: in the database it would cost a write per
    // request, cache hits included, so there each process counts on its own (decision 0110).
    const sharedRate = storeName === "Redis";
    it(`counts the global request rate per address ${sharedRate ? "across" : "in each of"} the instances`, async () => {
      const allowed = sharedRate ? RATE_LIMIT_PER_MINUTE : 2 * RATE_LIMIT_PER_MINUTE;
      const statuses: number[] = [];
      for (let request = 0; request < allowed + 2; request++) {
        const response = await instances[request % 2]!.app.inject({
          url: "/api/health/live/",
          remoteAddress: "10.6.0.1",
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array(allowed).fill(200), 429, 429]);
    });
  },
);
