import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** How long, and for how much, a refused body is read and thrown away (decision 0200). */
export interface LingerBounds {
  /** The longest a connection lingers after its answer, however the client sends. */
  totalMs: number;
  /** Closes sooner when the client sends nothing for this long. */
  idleMs: number;
  /** Closes sooner once this many body bytes were thrown away. */
  maxBytes: number;
}

export const LINGER_BOUNDS: LingerBounds = {
  totalMs: 5_000,
  idleMs: 2_000,
  maxBytes: 16 * 1_048_576,
};

/**
 * A lingering close (as nginx's `lingering_close`): an answer that closes the connection before
 * the request's body was read — the site's 413/411 (`limitRawBodies`), Fastify's 413 for
 * `bodyLimit`, any body parser's error — would otherwise close a socket with unread bytes, and
 * the kernel answers the client's further bytes with a reset that can overtake the answer (the
 * client still writing gets EPIPE/ECONNRESET instead of the refusal). Here the answer goes out
 * and the connection is half-closed, then what the client still sends is read and thrown away
 * until its body is complete (or it closes), within LINGER_BOUNDS; then the socket is closed.
 *
 * Node ends the socket of a `Connection: close` answer with `socket.destroySoon()` (end, then
 * destroy once written; `socket.end()` for sockets without it): this replaces that one call on
 * the socket of such a request. A shutdown waits for a lingering socket at most `totalMs`.
 */
export function lingeringClose(app: FastifyInstance, bounds: LingerBounds = LINGER_BOUNDS) {
  app.addHook("onSend", (request, _reply, payload, done) => {
    const socket = request.raw.socket as Socket | null;
    if (!request.raw.complete && socket) lingerOnClose(socket, request.raw, bounds);
    done(null, payload);
  });
}

function lingerOnClose(socket: Socket, request: IncomingMessage, bounds: LingerBounds) {
  socket.destroySoon = function lingerThenDestroy(this: Socket) {
    if (this.writable) this.end();
    const destroyWhenWritten = () => {
      if (this.writableFinished) this.destroy();
      else this.once("finish", () => this.destroy());
    };
    if (request.complete || request.destroyed) return destroyWhenWritten();

    let discarded = 0;
    const total = setTimeout(() => this.destroy(), bounds.totalMs);
    const idle = setTimeout(() => this.destroy(), bounds.idleMs);
    // Node's parser goes on reading the request and drops its body (it was never read: Node
    // "dumps" it); a listener here sees the bytes as they come.
    this.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > bounds.maxBytes) this.destroy();
      else idle.refresh();
    });
    this.resume();
    // The whole body is in: nothing unread is left, so closing sends no reset.
    request.once("end", destroyWhenWritten);
    this.once("close", () => {
      clearTimeout(total);
      clearTimeout(idle);
    });
  };
}
