import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "#server/mail/outbox.server.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { poisoningHosts, rawGet, renderedAddress, sendRaw, type RawTarget } from "./raw-http.ts";

/**
 * Issue 25: one request with a crafted `Host` header replaced a cached page for every visitor
 * (the page was rendered for a URL built from `Host` but kept under the request path), and chose
 * which route's action ran. Every page is now rendered, routed and kept for PUBLIC_URL plus the
 * normalised path (decision 0196). Driven over raw sockets, as an attacker would, against the
 * real server with two HTTP workers and the page cache on.
 */

let server: AppServer;
let target: RawTarget;

beforeAll(async () => {
  server = await startAppServer({
    env: { SEED_DEMO_DATA: "false", WEB_CONCURRENCY: "2", PAGE_CACHE_SECONDS: "300" },
  });
  target = { port: server.port };
});

afterAll(async () => {
  await server?.dispose();
});

const siteHost = () => `127.0.0.1:${server.port}`;

/** A form post of `form` to `path` with the given `Host` line. */
const postForm = (path: string, host: string, form: string) =>
  sendRaw(
    target,
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${siteHost()}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\n" +
      `Content-Length: ${Buffer.byteLength(form)}\r\nConnection: close\r\n\r\n${form}`,
  );

describe("the address a page is answered for", () => {
  it.each(poisoningHosts)(
    "refuses $name with 400, and the next visitor of /club still gets the club list",
    async ({ host, version }) => {
      for (let attempt = 0; attempt < 6; attempt++) {
        const answer = await rawGet(
          target,
          "/club",
          host?.replace("HOST", siteHost()) ?? null,
          version,
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toContain("Ungültige Anfrage");
      }
      const visitor = await rawGet(target, "/club", siteHost());
      expect(visitor.status).toBe(200);
      expect(renderedAddress(visitor.body)).toBe("/club");
      expect(visitor.body).toContain("<title>Clubs");
    },
  );

  it("sends a page request for another well-formed host to the site's own address", async () => {
    const answer = await rawGet(target, "/club?archiv=1", "evil.example");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`http://${siteHost()}/club?archiv=1`);
    const visitor = await rawGet(target, "/club", siteHost());
    expect(renderedAddress(visitor.body)).toBe("/club");
  });

  it("refuses an absolute-form target naming another host", async () => {
    const answer = await rawGet(target, "http://evil.example/newsletter", siteHost());
    expect(answer.status).toBe(400);
    const visitor = await rawGet(target, "/newsletter", siteHost());
    expect(renderedAddress(visitor.body)).toBe("/newsletter");
  });

  it("renders, routes and keeps a path with dot segments as its normal form", async () => {
    const answer = await rawGet(target, "/api/../club", siteHost());
    expect(answer.status).toBe(200);
    expect(renderedAddress(answer.body)).toBe("/club");
    const home = await rawGet(target, "/", siteHost());
    expect(renderedAddress(home.body)).toBe("/");
  });

  it("never runs another route's action chosen by the Host header", async () => {
    const refused = await postForm(
      "/admin/katalog/clubs/1",
      `${siteHost()}/newsletter?`,
      "email=host-trick%40example.org",
    );
    expect(refused.status).toBe(400);
    // The same kind of body on the newsletter's own address is a valid sign-up: its mail
    // arrives, and it is the only one.
    const signUp = await postForm("/newsletter", siteHost(), "email=richtig%40example.org");
    expect(signUp.status).toBeLessThan(400);
    const outbox = path.join(server.dataDir, "outbox");
    await expect.poll(() => readOutbox(outbox).length).toBe(1);
    expect(readOutbox(outbox)[0]!.raw).toContain("richtig@example.org");
    expect(readOutbox(outbox)[0]!.raw).not.toContain("host-trick@example.org");
  });

  it.each(["", "a b", "a@b", "[::1"])(
    "answers a form post with Host %j with 400, never 500",
    async (host) => {
      const answer = await postForm("/newsletter", host, "email=x%40example.org");
      expect(answer.status).toBe(400);
    },
  );

  it("answers the health checks of a load balancer under any well-formed host", async () => {
    const answer = await rawGet(target, "/api/health/live/", "10.0.0.5:3000");
    expect(answer.status).toBe(200);
  });
});
