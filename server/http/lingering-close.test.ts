import net, { type AddressInfo, type Socket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postFromAnotherProcess } from "#tests/setup/post-from-another-process.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { lingeringClose, type LingerBounds } from "./lingering-close.ts";
import { limitRawBodies } from "./raw-body-limit.ts";

const FOREVER = 600_000;

/** A listening server whose form route refuses bodies over 1,000 bytes, as the site's does. */
async function refusingServer(bounds: LingerBounds) {
  const app = Fastify();
  lingeringClose(app, bounds);
  limitRawBodies(app, 1_000);
  app.post("/form", async () => ({}));
  let serverSocketClosed!: Promise<{ bytesRead: number }>;
  app.server.on("connection", (socket: Socket) => {
    serverSocketClosed = new Promise((resolve) =>
      socket.once("close", () => resolve({ bytesRead: socket.bytesRead })),
    );
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, serverSocketClosed: () => serverSocketClosed };
}

const formHead = (length: number) =>
  "POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
  "Content-Type: application/x-www-form-urlencoded\r\n" +
  `Content-Length: ${length}\r\n\r\n`;

/**
 * A client that sends `head`, reads the answer to its end (the server's half-close), and may
 * then go on writing (allowHalfOpen).
 */
function sendHead(port: number, head: string) {
  const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
  socket.on("error", () => {});
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  const answer = new Promise<string>((resolve) => socket.once("end", () => resolve(received)));
  const closed = new Promise<{ hadError: boolean }>((resolve) =>
    socket.once("close", (hadError) => resolve({ hadError })),
  );
  socket.write(head);
  return { socket, answer, closed };
}

const expectRefusal = (answer: string) => {
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  expect(answer.endsWith("Die Anfrage ist zu groß.")).toBe(true);
};

describe("the lingering close of a refused body", () => {
  it("reads the body after the refusal to its end, then closes", async () => {
    const server = await refusingServer({ totalMs: FOREVER, idleMs: FOREVER, maxBytes: 1e9 });
    const head = formHead(300_000);
    const client = sendHead(server.port, head);
    try {
      expectRefusal(await client.answer);
      client.socket.write(Buffer.alloc(300_000, 120));
      expect(await server.serverSocketClosed()).toEqual({ bytesRead: head.length + 300_000 });
    } finally {
      client.socket.destroy();
      await server.app.close();
    }
  });

  it("closes a connection whose client goes quiet after idleMs", async () => {
    const server = await refusingServer({ totalMs: FOREVER, idleMs: 200, maxBytes: 1e9 });
    const head = formHead(1_048_576);
    const client = sendHead(server.port, head);
    try {
      expectRefusal(await client.answer);
      client.socket.write(Buffer.alloc(1_000, 120));
      expect(await server.serverSocketClosed()).toEqual({ bytesRead: head.length + 1_000 });
    } finally {
      client.socket.destroy();
      await server.app.close();
    }
  });

  it("closes a connection that lingers longer than totalMs, and a shutdown waits for no more", async () => {
    const server = await refusingServer({ totalMs: 300, idleMs: FOREVER, maxBytes: 1e9 });
    const head = formHead(1_048_576);
    const client = sendHead(server.port, head);
    expectRefusal(await client.answer);
    // A byte every 20 ms, for at most 20 s: it never stops on its own before the server does.
    let written = 0;
    const trickle = setInterval(() => {
      if (++written > 1_000) clearInterval(trickle);
      else client.socket.write("x");
    }, 20);
    try {
      await server.app.close();
      const { bytesRead } = await server.serverSocketClosed();
      expect(bytesRead).toBeGreaterThan(head.length);
      await client.closed;
      expect(written).toBeLessThan(1_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it("closes a connection after maxBytes thrown away", async () => {
    const server = await refusingServer({ totalMs: FOREVER, idleMs: FOREVER, maxBytes: 65_536 });
    const head = formHead(10 * 1_048_576);
    const client = sendHead(server.port, head);
    try {
      expectRefusal(await client.answer);
      client.socket.write(Buffer.alloc(4 * 1_048_576, 120));
      const { bytesRead } = await server.serverSocketClosed();
      expect(bytesRead).toBeGreaterThan(head.length + 65_536);
      expect(bytesRead).toBeLessThan(head.length + 4 * 1_048_576);
    } finally {
      client.socket.destroy();
      await server.app.close();
    }
  });
});

describe("Fastify's own refusal of an API body over bodyLimit", () => {
  let ctx: TestContext;
  let app: FastifyInstance;

  let port: number;

  beforeAll(async () => {
    // The site answers only for its own hosts (decision 0196): this port's is one of them.
    port = await freePort();
    ctx = await createTestContext({ config: { ALLOWED_HOSTS: `127.0.0.1:${port}` } });
    app = await buildApp({ deps: ctx.deps });
    await app.listen({ port, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it("reaches fetch sending the whole body", async () => {
    const answers = await postFromAnotherProcess(`http://127.0.0.1:${port}/api/genres/`, {
      contentType: "application/json",
      bytes: 6 * 1_048_576,
      times: 12,
    });
    expect(answers).toEqual(Array(12).fill('413 {"detail":"Die Anfrage ist zu groß."}'));
  });
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
