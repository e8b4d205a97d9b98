import { describe, expect, it, vi } from "vitest";
import { flushedPartsOf } from "./flushed-parts-stream.server.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A stream written as React's web build writes: `write` enqueues its pieces in one task. */
function renderedStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cancelled: unknown[] = [];
  const stream = new ReadableStream<Uint8Array>({
    start: (given) => void (controller = given),
    cancel: (reason) => void cancelled.push(reason),
  });
  return {
    stream,
    cancelled,
    write: (...pieces: string[]) => pieces.forEach((piece) => controller.enqueue(encode(piece))),
    end: () => controller.close(),
  };
}

describe("flushedPartsOf", () => {
  it("passes the pieces written in one task on as one chunk, each part as soon as it is written", async () => {
    const rendered = renderedStream();
    const onEnd = vi.fn();
    const reader = flushedPartsOf(rendered.stream, onEnd).getReader();
    const text = async () => new TextDecoder().decode((await reader.read()).value);

    rendered.write("<html>", "<body>", "<main>");
    expect(await text()).toBe("<html><body><main>");
    await nextTask();
    rendered.write("</main>");
    expect(await text()).toBe("</main>");
    await nextTask();
    rendered.write("</body>", "</html>");
    rendered.end();
    expect(await text()).toBe("</body></html>");
    expect((await reader.read()).done).toBe(true);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("cancels React's stream when the answer's is cancelled (the client went away)", async () => {
    const rendered = renderedStream();
    const onEnd = vi.fn();
    const reader = flushedPartsOf(rendered.stream, onEnd).getReader();
    rendered.write("<html>");
    await reader.read();
    await reader.cancel("weg");
    expect(rendered.cancelled).toEqual(["weg"]);
    await nextTask();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
