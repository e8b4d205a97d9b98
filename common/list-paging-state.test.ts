import { describe, expect, it } from "vitest";
import {
  initialListPagingState,
  listPagingReducer,
  type ListPagingState,
} from "./list-paging-state.ts";

const start = (): ListPagingState<string> => initialListPagingState<string>();

describe("list paging reducer (SPEC §4)", () => {
  it("starts with page 1 and sets the loading flag on request", () => {
    const state = listPagingReducer(start(), { type: "request", page: 1 });
    expect(state).toMatchObject({ page: 1, loading: true, items: [] });
  });

  it("treats page 0 or below as page 1", () => {
    expect(listPagingReducer(start(), { type: "request", page: 0 }).page).toBe(1);
    expect(listPagingReducer(start(), { type: "request", page: -3 }).page).toBe(1);
  });

  it("appends the response and clears the loading flag", () => {
    let state = listPagingReducer(start(), { type: "request", page: 1 });
    state = listPagingReducer(state, {
      type: "response",
      page: 1,
      items: ["a", "b"],
      hasMore: true,
    });
    state = listPagingReducer(state, { type: "request", page: 2 });
    expect(state.loading).toBe(true);
    state = listPagingReducer(state, { type: "response", page: 2, items: ["c"], hasMore: false });
    expect(state).toEqual({
      page: 2,
      items: ["a", "b", "c"],
      loading: false,
      hasMore: false,
      failed: false,
    });
  });

  it("ignores a request for a page not higher than the current one", () => {
    const loaded = initialListPagingState({ page: 2, items: ["a"], hasMore: true });
    expect(listPagingReducer(loaded, { type: "request", page: 2 })).toBe(loaded);
    expect(listPagingReducer(loaded, { type: "request", page: 1 })).toBe(loaded);
  });

  it("ignores a second request for the page already loading", () => {
    const loading = listPagingReducer(
      initialListPagingState({ page: 1, items: ["a"], hasMore: true }),
      {
        type: "request",
        page: 2,
      },
    );
    expect(listPagingReducer(loading, { type: "request", page: 2 })).toBe(loading);
  });

  it("clears the list first on a reset, even for a lower page", () => {
    const loaded = initialListPagingState({ page: 3, items: ["a", "b"], hasMore: false });
    const reset = listPagingReducer(loaded, { type: "request", page: 1, reset: true });
    expect(reset).toEqual({ page: 1, items: [], loading: true, hasMore: true, failed: false });
    const answered = listPagingReducer(reset, {
      type: "response",
      page: 1,
      items: ["x"],
      hasMore: true,
    });
    expect(answered.items).toEqual(["x"]);
  });

  it("drops a stale response for a page asked before a reset", () => {
    let state = listPagingReducer(
      initialListPagingState({ page: 1, items: ["a"], hasMore: true }),
      {
        type: "request",
        page: 2,
      },
    );
    state = listPagingReducer(state, { type: "request", page: 1, reset: true });
    const after = listPagingReducer(state, {
      type: "response",
      page: 2,
      items: ["old"],
      hasMore: true,
    });
    expect(after).toBe(state);
  });

  it("clears the loading flag on failure and lets the page be asked again", () => {
    let state = listPagingReducer(
      initialListPagingState({ page: 1, items: ["a"], hasMore: true }),
      {
        type: "request",
        page: 2,
      },
    );
    state = listPagingReducer(state, { type: "failure", page: 2 });
    expect(state).toMatchObject({ page: 1, loading: false, failed: true, items: ["a"] });
    expect(listPagingReducer(state, { type: "request", page: 2 }).loading).toBe(true);
  });
});
