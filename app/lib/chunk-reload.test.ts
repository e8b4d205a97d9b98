import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadForChunkError } from "./chunk-reload.ts";

const chunkError = new TypeError(
  "Failed to fetch dynamically imported module: http://localhost/assets/party-page-x1.js",
);

describe("chunk-load failures", () => {
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    const stored = new Map<string, string>();
    reload = vi.fn();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    vi.stubGlobal("window", { location: { reload } });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are told apart from other errors", () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reload the page at most once per 60 s", () => {
    expect(reloadForChunkError(chunkError, 1_000_000)).toBe(true);
    expect(reloadForChunkError(chunkError, 1_030_000)).toBe(false);
    expect(reloadForChunkError(chunkError, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reload for other errors", () => {
    expect(reloadForChunkError(new Error("boom"), 1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
