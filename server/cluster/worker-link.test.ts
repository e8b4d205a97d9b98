import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { genreCategories } from "#server/db/schema/catalog.ts";
import { currentContentVersion } from "#server/domain/content-version/content-version.server.ts";
import { isWorkerMessage, type PrimaryMessage, type WorkerMessage } from "./messages.ts";
import { connectToPrimary } from "./worker-link.ts";

/** A stand-in for the IPC channel: what the worker sends, and a way to answer as the primary. */
function fakeChannel() {
  const emitter = new EventEmitter();
  const sent: WorkerMessage[] = [];
  return {
    sent,
    channel: {
      on: (event: string, listener: (message: unknown) => void) => emitter.on(event, listener),
      send: (message: unknown) => {
        if (isWorkerMessage(message)) sent.push(message);
        return true;
      },
    } as unknown as Pick<NodeJS.Process, "send" | "on">,
    answer: (message: PrimaryMessage) => emitter.emit("message", message),
  };
}

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe("a cluster worker's link to the primary", () => {
  it("waits for the primary's acknowledgement of a content change", async () => {
    const { channel, sent, answer } = fakeChannel();
    const link = connectToPrimary(channel);
    let acknowledged = false;
    const announced = link.announceContentChange().then(() => (acknowledged = true));
    await Promise.resolve();
    expect(sent).toEqual([{ clubkalender: "content-changed", id: 1 }]);
    expect(acknowledged).toBe(false);
    answer({ clubkalender: "content-changed", ack: 1 });
    await announced;
    expect(acknowledged).toBe(true);
  });

  it("counts requests in the primary", async () => {
    const { channel, sent, answer } = fakeChannel();
    const link = connectToPrimary(channel);
    const counted = link.countRequest("rate:198.51.100.1", 60_000);
    expect(sent).toEqual([
      { clubkalender: "count-request", id: 1, key: "rate:198.51.100.1", windowMs: 60_000 },
    ]);
    answer({ clubkalender: "counted", ack: 1, current: 7, ttl: 12_000 });
    await expect(counted).resolves.toEqual({ current: 7, ttl: 12_000 });
  });

  it("reads the content version again when another worker announced a change", async () => {
    ctx = await createTestContext();
    const { channel, answer } = fakeChannel();
    connectToPrimary(channel);
    const before = await currentContentVersion(ctx.deps);
    // Another process changes content (here: straight in the database).
    await ctx.deps.db.insert(genreCategories).values({ name: "Neu", slug: "neu" });
    answer({ clubkalender: "content-changed" });
    expect(await currentContentVersion(ctx.deps)).toBeGreaterThan(before);
  });
});
