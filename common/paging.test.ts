import { describe, expect, it } from "vitest";
import { hasMorePages, lastPageOf, parsePageNumber } from "./paging.ts";
import { MAX_PAGE } from "#common/schemas/paging.ts";

describe("parsePageNumber", () => {
  it("reads whole numbers from 1 to MAX_PAGE; missing or empty is page 1", () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber(undefined)).toBe(1);
    expect(parsePageNumber("")).toBe(1);
    expect(parsePageNumber("1")).toBe(1);
    expect(parsePageNumber("42")).toBe(42);
    expect(parsePageNumber(String(MAX_PAGE))).toBe(MAX_PAGE);
  });

  it("refuses what the API refuses with 400: zero, negatives, too high, fractions, words", () => {
    for (const value of ["0", "-1", String(MAX_PAGE + 1), "1000000000", "1.5", "abc", "2abc"]) {
      expect(parsePageNumber(value), value).toBeNull();
    }
  });
});

describe("hasMorePages", () => {
  it("is true while a page follows", () => {
    expect(hasMorePages({ count: 25, page: 1, pageSize: 12 })).toBe(true);
    expect(hasMorePages({ count: 25, page: 2, pageSize: 12 })).toBe(true);
    expect(hasMorePages({ count: 25, page: 3, pageSize: 12 })).toBe(false);
    expect(hasMorePages({ count: 24, page: 2, pageSize: 12 })).toBe(false);
  });

  it("is false for an empty list and beyond the last page", () => {
    expect(hasMorePages({ count: 0, page: 1, pageSize: 12 })).toBe(false);
    expect(hasMorePages({ count: 25, page: 9, pageSize: 12 })).toBe(false);
  });
});

describe("lastPageOf", () => {
  it("counts whole pages, at least one", () => {
    expect(lastPageOf({ count: 0, pageSize: 20 })).toBe(1);
    expect(lastPageOf({ count: 20, pageSize: 20 })).toBe(1);
    expect(lastPageOf({ count: 21, pageSize: 20 })).toBe(2);
  });
});
