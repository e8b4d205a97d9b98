import { Transform, type TransformCallback } from "node:stream";

/**
 * The stream a page renders into (app/entry.server.tsx). React writes its output in pieces of
 * at most 4 kB and calls `flush()` whenever a part of the page is complete (the shell, each
 * resolved boundary, the loader data); this passes each such part on as one chunk, as soon as
 * React completes it (decision 0207). Every chunk costs each stream after it a step of its own;
 * the page is then read whole and sent as one buffer (decision 0251).
 */
export class FlushedPartsStream extends Transform {
  #pending: Buffer[] = [];
  readonly #rewrite: ((part: Buffer) => Buffer) | undefined;

  /** `rewrite` may change each complete part before it goes on (decision 0258). */
  constructor(rewrite?: (part: Buffer) => Buffer) {
    super();
    this.#rewrite = rewrite;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pending.push(chunk);
    callback();
  }

  /** React's signal (`destination.flush`) that what it wrote so far forms a complete part. */
  flush() {
    if (this.#pending.length === 0) return;
    const parts = this.#pending;
    this.#pending = [];
    const part = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    this.push(this.#rewrite ? this.#rewrite(part) : part);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}
