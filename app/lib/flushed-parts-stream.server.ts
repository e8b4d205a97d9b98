/**
 * The stream a page is sent from (app/entry.server.tsx): React's rendering
 * (`renderToReadableStream` of react-dom/server.edge) with each part React completes passed on
 * as one chunk. React enqueues its output in pieces of at most 4 kB, all pieces of a part (the
 * shell, a resolved boundary, the loader data) within one task of the event loop; this collects
 * them and passes them on together before the next task. Every chunk costs the compressor a call
 * of its own (brotli on a 160 kB home page: about four times the CPU in 4 kB pieces as in one
 * piece) and the socket a write: decision 0207. The parts still go out as soon as React completes
 * them, so streaming behaves as before. `onEnd` is called once React's stream ended, failed or
 * was cancelled.
 */
export function flushedPartsOf(
  rendered: ReadableStream<Uint8Array>,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  const reader = rendered.getReader();
  let pending: Uint8Array[] = [];
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const passOn = () => {
        if (pending.length === 0 || cancelled) return;
        const parts = pending;
        pending = [];
        controller.enqueue(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
      };
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            // The task that wrote this piece ends before the immediate runs: all of its pieces
            // are collected by then (each read settles in the microtasks after it).
            if (pending.length === 0) setImmediate(passOn);
            pending.push(value);
          }
          passOn();
          if (!cancelled) controller.close();
        } catch (error) {
          if (!cancelled) controller.error(error);
        } finally {
          onEnd();
        }
      })();
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}
