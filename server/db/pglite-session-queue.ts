import type { PGlite } from "@electric-sql/pglite";

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': ReadyForQuery outside a transaction block
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const PROTOCOL_3 = 196608;
const ROLLBACK = simpleQuery("rollback");

function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** A startup packet has no type byte: length, then the protocol version 3.0. */
function isStartup(message: Uint8Array): boolean {
  if (message.length < 8) return false;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  return view.getInt32(4) === PROTOCOL_3;
}

/** Only these messages end their answer with ReadyForQuery. */
function endsWithReadyForQuery(message: Uint8Array): boolean {
  return message[0] === SYNC || message[0] === QUERY || isStartup(message);
}

/**
 * The one PGlite session shared by every connection of `PGLiteSocketServer`, handed to one
 * connection at a time from its first message until the backend is idle again (ReadyForQuery
 * 'I'). pglite-socket 0.2.17's own queue hands the session on after every message unless an
 * explicit transaction is open, so two connections' Parse/Bind/Execute/Sync batches interleave
 * and clobber each other's unnamed statement; and one failed message stops its queue for good
 * (electric-sql/pglite issue #1046). Decision 0190.
 */
export class PgliteSessionQueue {
  private readonly queue: QueuedMessage[] = [];
  /** The connection whose batch or transaction holds the session, if any. */
  private owner: number | null = null;
  private draining = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void) {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  /** A connection went away: its queued messages fail. */
  clearQueueForHandler(handlerId: number): void {
    for (let index = this.queue.length - 1; index >= 0; index--) {
      const queued = this.queue[index]!;
      if (queued.handlerId !== handlerId) continue;
      this.queue.splice(index, 1);
      queued.reject(new Error("Handler disconnected"));
    }
  }

  /** A connection went away while holding the session: end its batch and transaction. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      if (this.owner !== handlerId) return;
      // Raw messages: PGlite's exec() would wait for the lock held here.
      await this.db.execProtocolRaw(new Uint8Array([SYNC, 0, 0, 0, 4]));
      if (this.db.isInTransaction()) await this.db.execProtocolRaw(ROLLBACK);
      this.owner = null;
    });
    void this.drain();
  }

  private next(): QueuedMessage | undefined {
    const index =
      this.owner === null ? 0 : this.queue.findIndex((queued) => queued.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let queued = this.next(); queued; queued = this.next()) {
        await this.run(queued);
      }
    } finally {
      this.draining = false;
    }
  }

  private async run(queued: QueuedMessage): Promise<void> {
    this.owner = queued.handlerId;
    let bytes = 0;
    let tail: Uint8Array = new Uint8Array(0);
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(queued.message, {
          onRawData: (data) => {
            bytes += data.length;
            tail = lastBytes(tail, data, 6);
            queued.onData(data);
          },
        }),
      );
    } catch (error) {
      queued.reject(error);
      return;
    }
    if (
      endsWithReadyForQuery(queued.message) &&
      tail.length === 6 &&
      tail[0] === READY_FOR_QUERY &&
      tail[5] === IDLE
    ) {
      this.owner = null;
    }
    queued.resolve(bytes);
  }
}

function lastBytes(previous: Uint8Array, data: Uint8Array, count: number): Uint8Array {
  if (data.length >= count) return data.slice(data.length - count);
  const joined = new Uint8Array(previous.length + data.length);
  joined.set(previous);
  joined.set(data, previous.length);
  return joined.slice(Math.max(0, joined.length - count));
}
