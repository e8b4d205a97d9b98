/**
 * A value the browser keeps in local storage under one key and checks whenever it reads it back
 * (the saved parties, the follows): forged or broken data loses its bad entries, never the
 * page. The check is loaded only once something is stored (decision 0194), so a visitor who
 * stored nothing never downloads the schemas behind it; until the check has arrived the value
 * reads as `pending`.
 */
export interface CheckedLocalStorage<T> {
  /** The stored value as checked; `empty` when nothing is stored, null while the check loads. */
  read(): T | null;
  /** The stored value, checked (waits for the check to load). */
  load(): Promise<T>;
  /** Stores the value, an empty one takes the key away; false when the browser refuses. */
  write(next: T): boolean;
  /** Calls `listener` when the value changed here or in another tab (React's store contract). */
  subscribe(listener: () => void): () => void;
}

export function checkedLocalStorage<T>({
  key,
  empty,
  isEmpty,
  loadCheck,
}: {
  key: string;
  empty: T;
  isEmpty: (value: T) => boolean;
  /** Loads the function that makes a value of whatever JSON was stored. */
  loadCheck: () => Promise<(stored: unknown) => T>;
}): CheckedLocalStorage<T> {
  const listeners = new Set<() => void>();
  let check: ((stored: unknown) => T) | null = null;
  let checkLoading: Promise<(stored: unknown) => T> | null = null;
  let lastRaw: string | null = null;
  let lastValue: T = empty;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  function readRaw(): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function loadCheckOnce() {
    checkLoading ??= loadCheck().then((loaded) => {
      check = loaded;
      notify();
      return loaded;
    });
    return checkLoading;
  }

  function parse(raw: string, checkStored: (stored: unknown) => T): T {
    try {
      return checkStored(JSON.parse(raw));
    } catch {
      return empty;
    }
  }

  function read(): T | null {
    const raw = readRaw();
    if (raw === null) return empty;
    if (check === null) {
      void loadCheckOnce().catch(() => {
        // The check could not load (offline before it was ever cached): the value stays pending.
      });
      return null;
    }
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastValue = parse(raw, check);
    }
    return lastValue;
  }

  async function load(): Promise<T> {
    if (readRaw() !== null) await loadCheckOnce();
    return read() ?? empty;
  }

  function write(next: T): boolean {
    try {
      if (isEmpty(next)) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      return false;
    }
    notify();
    return true;
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    // Another tab changed the value.
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  }

  return { read, load, write, subscribe };
}
