import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkedLocalStorage } from "./checked-local-storage.ts";

interface Stored {
  names: string[];
}

const EMPTY: Stored = { names: [] };

/** A check as the real ones are: it drops what is not a list of short strings. */
const checkNames = (json: unknown): Stored => {
  const names = (json as { names?: unknown } | null)?.names;
  return {
    names: Array.isArray(names) ? names.filter((name) => typeof name === "string") : [],
  };
};

function storeWithCheck() {
  let releaseCheck: () => void = () => {};
  const checkArrived = new Promise<void>((resolve) => (releaseCheck = resolve));
  const loadCheck = vi.fn(async () => {
    await checkArrived;
    return checkNames;
  });
  const store = checkedLocalStorage<Stored>({
    key: "names",
    empty: EMPTY,
    isEmpty: (value) => value.names.length === 0,
    loadCheck,
  });
  return { store, loadCheck, releaseCheck };
}

describe("a checked value in local storage", () => {
  let items: Map<string, string>;

  beforeEach(() => {
    items = new Map();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
        removeItem: (key: string) => items.delete(key),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("never loads its check while nothing is stored", async () => {
    const { store, loadCheck } = storeWithCheck();
    expect(store.read()).toBe(EMPTY);
    expect(await store.load()).toBe(EMPTY);
    expect(loadCheck).not.toHaveBeenCalled();
  });

  it("is pending until the check arrives, then tells its listeners and reads checked", async () => {
    items.set("names", JSON.stringify({ names: ["Distillery", 42, "Conne Island"] }));
    const { store, loadCheck, releaseCheck } = storeWithCheck();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.read()).toBeNull();
    expect(store.read()).toBeNull();
    expect(loadCheck).toHaveBeenCalledTimes(1);

    const loaded = store.load();
    releaseCheck();
    expect(await loaded).toEqual({ names: ["Distillery", "Conne Island"] });
    expect(listener).toHaveBeenCalled();
    // The same object until the stored text changes (React's store contract).
    expect(store.read()).toBe(store.read());
  });

  it("waits for the check before a change starts from the stored value", async () => {
    items.set("names", JSON.stringify({ names: ["Distillery"] }));
    const { store, releaseCheck } = storeWithCheck();
    const change = store.load().then((current) => {
      store.write({ names: [...current.names, "Institut fuer Zukunft"] });
    });
    releaseCheck();
    await change;
    expect(JSON.parse(items.get("names")!)).toEqual({
      names: ["Distillery", "Institut fuer Zukunft"],
    });
  });

  it("reads broken JSON as empty and takes the key away for an empty value", async () => {
    items.set("names", "{not json");
    const { store, releaseCheck } = storeWithCheck();
    releaseCheck();
    expect(await store.load()).toBe(EMPTY);
    expect(store.write({ names: [] })).toBe(true);
    expect(items.has("names")).toBe(false);
  });

  it("answers false when the browser refuses to store", () => {
    vi.stubGlobal("window", {
      localStorage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException("full", "QuotaExceededError");
        },
        removeItem: () => {},
      },
    });
    const { store } = storeWithCheck();
    expect(store.write({ names: ["Distillery"] })).toBe(false);
  });
});
