import { describe, expect, it } from "vitest";
import { FlushedPartsStream } from "./flushed-parts-stream.server.ts";

/** The chunks a stream passes on, in order, as text. */
function collect(stream: FlushedPartsStream): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("FlushedPartsStream", () => {
  it("passes what was written between two flushes on as one chunk", async () => {
    const stream = new FlushedPartsStream();
    const chunks = collect(stream);
    stream.write(new TextEncoder().encode("<html>"));
    stream.write("<body>");
    stream.write(Buffer.from("<main>"));
    expect(chunks).toEqual([]);
    stream.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body><main>"]);
    stream.write("</main>");
    stream.flush();
    stream.flush(); // nothing new: no empty chunk
    stream.end("</body></html>");
    await new Promise((resolve) => stream.once("end", resolve));
    expect(chunks).toEqual(["<html><body><main>", "</main>", "</body></html>"]);
  });
});
