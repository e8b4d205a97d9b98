import { afterEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { parseEnv } from "./config.ts";
import {
  fastifyTrustProxy,
  parseTrustedProxies,
  requestHostReader,
  type TrustedProxies,
} from "./trusted-proxies.ts";

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 2001:db8::/32,loopback", ["10.0.0.0/8", "2001:db8::/32", "loopback"]],
  ])("reads %o as %o", (value, expected) => {
    expect(parseTrustedProxies(value)).toEqual(expected);
  });

  it.each(["true", "11", "10.0.0.1/33", "proxy.example", "10.0.0.1,", "::1/129"])(
    "refuses %o",
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=.*hop count/);
    },
  );
});

describe("the host a request names, read in front of Fastify (the page cache's hits)", () => {
  const requests = [
    { host: "site.example" },
    { host: "site.example", "x-forwarded-host": "proxied.example" },
    { host: "site.example", "x-forwarded-host": "first.example, proxied.example:8443" },
  ];
  const peers = ["127.0.0.1", "10.1.2.3", "203.0.113.5"];

  it.each<[TrustedProxies]>([[false], [1], [["127.0.0.1"]], [["10.0.0.0/8"]], [["loopback"]]])(
    "is the host Fastify's request.host reads with TRUST_PROXY %j",
    async (trusted) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(trusted) });
      const hostOf = requestHostReader(trusted);
      app.get("/", async (request) => ({ fastify: request.host, before: hostOf(request.raw) }));
      const read: string[] = [];
      try {
        for (const headers of requests) {
          for (const remoteAddress of peers) {
            const { fastify, before } = (
              await app.inject({ url: "/", headers, remoteAddress })
            ).json();
            expect(before, `${JSON.stringify(headers)} from ${remoteAddress}`).toBe(fastify);
            read.push(before);
          }
        }
      } finally {
        await app.close();
      }
      // The forwarded host counts exactly where a trusted proxy sent it.
      const forwarded = read.filter((host) => host !== "site.example").length;
      expect(forwarded).toBe(
        { false: 0, 1: 6, "127.0.0.1": 2, "10.0.0.0/8": 2, loopback: 2 }[String(trusted)],
      );
    },
  );
});

// Up to a dozen refused logins per test, each checking a password hash on purpose slowly:
// 10–13 s on a loaded two-core machine, too near the 30 s default.
describe("the client address", { timeout: 60_000 }, () => {
  let ctx: TestContext | undefined;
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    await ctx?.close();
  });

  async function start(config: Record<string, string> = {}) {
    ctx = await createTestContext({ config });
    app = await buildApp({ deps: ctx.deps });
    return app;
  }

  const wrongLogin = (server: FastifyInstance, attempt: number, forwardedFor: string) =>
    server.inject({
      method: "POST",
      url: "/api/token/",
      payload: { email: `niemand-${attempt}@example.org`, password: "falsch-geraten" },
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("is the connection's own without a proxy: a forged X-Forwarded-For changes nothing", async () => {
    const server = await start();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await wrongLogin(server, attempt, `198.51.100.${attempt}`)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("keeps the global limit per connection without a proxy", async () => {
    const server = await start({ RATE_LIMIT_PER_MINUTE: "5" });
    const statuses: number[] = [];
    // An answer that is never kept in the answer cache: cache hits are served before the
    // per-route limit (decision 0100), so a kept page would not count here.
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await server.inject({
        url: "/api/health/live/",
        headers: { "x-forwarded-for": `198.51.100.${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("is the forwarded one behind a configured proxy, each client with its own limit", async () => {
    const server = await start({ TRUST_PROXY: "127.0.0.1" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await wrongLogin(server, attempt, "203.0.113.7")).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await wrongLogin(server, 99, "203.0.113.8")).statusCode).toBe(401);
  });

  it("takes the address one hop back with TRUST_PROXY=1", async () => {
    const server = await start({ TRUST_PROXY: "1" });
    const response = await server.inject({
      method: "POST",
      url: "/api/token/",
      payload: { email: "hop@example.org", password: "falsch-geraten" },
      headers: { "x-forwarded-for": "192.0.2.1, 203.0.113.9" },
    });
    expect(response.statusCode).toBe(401);
    for (let attempt = 0; attempt < 10; attempt++) {
      await wrongLogin(server, attempt, "198.51.100.1, 203.0.113.9");
    }
    expect((await wrongLogin(server, 50, "192.0.2.77, 203.0.113.9")).statusCode).toBe(429);
    expect((await wrongLogin(server, 51, "203.0.113.10")).statusCode).toBe(401);
  });

  it("ignores X-Forwarded-For from a connection that is not a configured proxy", async () => {
    const server = await start({ TRUST_PROXY: "10.1.2.3" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await wrongLogin(server, attempt, `198.51.100.${attempt}`)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
