import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { RunningHandlers } from "./running-handlers.ts";

it("waits after close() for a handler whose client went away", async () => {
  const app = Fastify();
  const handlers = new RunningHandlers();
  handlers.track(app);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let finished = false;
  app.get("/slow", async () => {
    entered();
    await gate;
    finished = true;
    return { done: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;

  const request = http.get({ port, host: "127.0.0.1", path: "/slow" });
  request.on("error", () => {});
  await inHandler;
  request.destroy();
  await app.close();

  expect(await handlers.settled(100)).toBe(false);
  release();
  expect(await handlers.settled(5_000)).toBe(true);
  expect(finished).toBe(true);
});

it("is settled at once when nothing runs", async () => {
  expect(await new RunningHandlers().settled(0)).toBe(true);
});
