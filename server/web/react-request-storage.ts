/**
 * What the server bundle gives React DOM's Node build when it asks for `async_hooks` (decision
 * 0248): an `AsyncLocalStorage` that holds its store only while `run`'s callback runs, without
 * async hooks. React's own (`requestStorage`) is entered on every render and, on Node 20 and 22,
 * switches on an async-hooks `init` hook for every async resource and promise of the process for
 * good — about half again the instructions of a cache hit (decisions 0208, 0216). React reads
 * the store only to find the request a `preload` or `preinit` call belongs to when it is made
 * outside React's own synchronous work; the site makes none (its resource hints are elements).
 */
export class AsyncLocalStorage<Store> {
  #store: Store | undefined;

  getStore(): Store | undefined {
    return this.#store;
  }

  run<Result, Args extends unknown[]>(
    store: Store,
    callback: (...args: Args) => Result,
    ...args: Args
  ): Result {
    const outer = this.#store;
    this.#store = store;
    try {
      return callback(...args);
    } finally {
      this.#store = outer;
    }
  }
}
