import type { FastifyInstance } from "fastify";

/**
 * Counts the route handlers still running — also those whose client has already gone, which
 * Fastify's close() does not wait for — so the server closes the database only after the last
 * one finished (decision 0190).
 */
export class RunningHandlers {
  private running = 0;
  private waiters: Array<() => void> = [];

  /** Wraps every route registered on `app` from now on. */
  track(app: FastifyInstance): void {
    const started = () => this.running++;
    const finished = () => this.finished();
    app.addHook("onRoute", (route) => {
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request, reply) {
        const result: unknown = handler.call(this, request, reply);
        if (isThenable(result)) {
          started();
          result.then(finished, finished);
        }
        return result as ReturnType<typeof handler>;
      };
    });
  }

  /** Resolves once no handler runs, or after `timeoutMs` (false then). */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private finished(): void {
    this.running--;
    if (this.running > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
