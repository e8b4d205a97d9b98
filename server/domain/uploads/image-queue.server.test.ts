import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ServiceBusyError } from "#server/domain/errors.ts";
import { createImageQueue, IMAGE_QUEUE_RETRY_SECONDS } from "./image-queue.server.ts";

/** A piece of work that runs until the test lets it go. */
function heldWork() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { work: () => done, release };
}

describe("the image queue", () => {
  it("turns off libvips' operation cache, which only held memory after each image", async () => {
    await createImageQueue({ concurrency: 1, waiting: 0 }).runForVisitor(async () => {});
    expect(sharp.cache().memory.max).toBe(0);
  });

  it("refuses an upload once `waiting` uploads wait behind the running ones, never a visitor's work", async () => {
    const queue = createImageQueue({ concurrency: 1, waiting: 1 });
    const held = heldWork();
    const running = queue.runUpload(held.work);
    const waiting = queue.runUpload(held.work);

    const refused = await queue.runUpload(async () => "nie").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceBusyError);
    expect(refused).toMatchObject({
      message:
        "Gerade werden sehr viele Bilder verarbeitet. Bitte versuche es in ein paar Sekunden noch einmal.",
      retryAfterSeconds: IMAGE_QUEUE_RETRY_SECONDS,
    });
    const visitor = queue.runForVisitor(async () => "Vorschau");

    held.release();
    await Promise.all([running, waiting]);
    expect(await visitor).toBe("Vorschau");
    expect(await queue.runUpload(async () => "wieder frei")).toBe("wieder frei");
  });

  it("lets a visitor's work go ahead of uploads that wait", async () => {
    const queue = createImageQueue({ concurrency: 1, waiting: 4 });
    const held = heldWork();
    const started: string[] = [];
    const running = queue.runUpload(held.work);
    const upload = queue.runUpload(async () => void started.push("Upload"));
    const visitor = queue.runForVisitor(async () => void started.push("Vorschau"));

    held.release();
    await Promise.all([running, upload, visitor]);
    expect(started).toEqual(["Vorschau", "Upload"]);
  });
});
