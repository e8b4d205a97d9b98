import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { genreCategories } from "#server/db/schema/catalog.ts";
import {
  currentContentVersion,
  refreshContentVersion,
} from "#server/domain/content-version/content-version.server.ts";
import { isWorkerMessage, type PrimaryMessage, type WorkerMessage } from "./messages.ts";
import { connectToPrimary, databaseFromPrimary } from "./worker-link.ts";

/** A stand-in for the IPC channel: what the worker sends, and a way to answer as the primary. */
function fakeChannel() {
  const emitter = new EventEmitter();
  const sent: WorkerMessage[] = [];
  return {
    sent,
    channel: {
      on: (event: string, listener: (message: unknown) => void) => emitter.on(event, listener),
      off: (event: string, listener: (message: unknown) => void) => emitter.off(event, listener),
      send: (message: unknown) => {
        if (isWorkerMessage(message)) sent.push(message);
        return true;
      },
    } as unknown as Pick<NodeJS.Process, "send" | "on" | "off">,
    answer: (message: PrimaryMessage) => emitter.emit("message", message),
    listeners: () => emitter.listenerCount("message"),
  };
}

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe("a cluster worker's link to the primary", () => {
  it("asks for the database and waits until the primary has it ready", async () => {
    const { channel, sent, answer, listeners } = fakeChannel();
    let socketDir: string | undefined | null = null;
    const ready = databaseFromPrimary(channel).then((dir) => (socketDir = dir));
    expect(sent).toEqual([{ clubkalender: "database-wanted" }]);
    answer({ clubkalender: "counted", ack: 1, current: 1, ttl: 1 });
    await Promise.resolve();
    expect(socketDir).toBeNull();
    answer({ clubkalender: "database-ready", socketDir: "/data/postgres" });
    await ready;
    expect(socketDir).toBe("/data/postgres");
    expect(listeners()).toBe(0);
  });

  it("opens DATABASE_URL when the primary names no embedded database", async () => {
    const { channel, answer } = fakeChannel();
    const ready = databaseFromPrimary(channel);
    answer({ clubkalender: "database-ready", socketDir: null });
    await expect(ready).resolves.toBeUndefined();
  });

  it("waits for the primary's acknowledgement of a content change", async () => {
    const { channel, sent, answer } = fakeChannel();
    const link = connectToPrimary({ db: {} as TestContext["deps"]["db"] }, channel);
    let acknowledged = false;
    const announced = link.announceContentChange(42).then(() => (acknowledged = true));
    await Promise.resolve();
    expect(sent).toEqual([{ clubkalender: "content-changed", id: 1, version: 42 }]);
    expect(acknowledged).toBe(false);
    answer({ clubkalender: "content-changed", version: 42, ack: 1 });
    await announced;
    expect(acknowledged).toBe(true);
  });

  it("counts requests in the primary", async () => {
    const { channel, sent, answer } = fakeChannel();
    const link = connectToPrimary({ db: {} as TestContext["deps"]["db"] }, channel);
    const counted = link.countRequest("rate:198.51.100.1", 60_000);
    expect(sent).toEqual([
      { clubkalender: "count-request", id: 1, key: "rate:198.51.100.1", windowMs: 60_000 },
    ]);
    answer({ clubkalender: "counted", ack: 1, current: 7, ttl: 12_000 });
    await expect(counted).resolves.toEqual({ current: 7, ttl: 12_000 });
  });

  it("takes the content version another worker read after its change", async () => {
    ctx = await createTestContext();
    const { channel, answer } = fakeChannel();
    connectToPrimary(ctx.deps, channel);
    const before = await currentContentVersion(ctx.deps);
    // Another worker changes content and reads the new version…
    await ctx.deps.db.insert(genreCategories).values({ name: "Neu", slug: "neu" });
    const { version, moved } = await refreshContentVersion(ctx.deps);
    expect(moved).toBe(true);
    expect(version).toBeGreaterThan(before);
    // …and hands it on: taken as it is, without asking the database.
    answer({ clubkalender: "content-changed", version: version + 1000 });
    expect(await currentContentVersion(ctx.deps)).toBe(version + 1000);
    // A write that changed no content leaves the version.
    expect((await refreshContentVersion(ctx.deps)).moved).toBe(true);
    expect(await refreshContentVersion(ctx.deps)).toEqual({ version, moved: false });
  });
});
