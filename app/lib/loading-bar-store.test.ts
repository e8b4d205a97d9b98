import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { finishLoading, loadingBarState, startLoading, trackRequest } from "./loading-bar-store.ts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Leave the shared store idle for the next test.
  startLoading();
  finishLoading();
  vi.useRealTimers();
});

describe("the loading bar", () => {
  it("stays hidden for work shorter than the 200 ms throttle", () => {
    startLoading();
    vi.advanceTimersByTime(150);
    finishLoading();
    vi.advanceTimersByTime(500);
    expect(loadingBarState()).toBe("idle");
  });

  it("shows after 200 ms and hides when the last piece of work ends", () => {
    startLoading();
    startLoading();
    vi.advanceTimersByTime(199);
    expect(loadingBarState()).toBe("idle");
    vi.advanceTimersByTime(1);
    expect(loadingBarState()).toBe("loading");
    finishLoading();
    expect(loadingBarState()).toBe("loading");
    finishLoading();
    expect(loadingBarState()).toBe("idle");
  });

  it("is marked failed by a failed request, until the next start", async () => {
    await expect(trackRequest(Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(loadingBarState()).toBe("failed");
    startLoading();
    expect(loadingBarState()).toBe("idle");
    finishLoading();
  });

  it("counts a 5xx answer as failed and a 4xx as done", async () => {
    await trackRequest(Promise.resolve(new Response(null, { status: 503 })));
    expect(loadingBarState()).toBe("failed");
    await trackRequest(Promise.resolve(new Response(null, { status: 404 })));
    expect(loadingBarState()).toBe("idle");
  });
});
