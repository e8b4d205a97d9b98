import { describe, expect, it } from "vitest";
import { withoutFilter } from "./filter-query.ts";

describe("a listing's query without one filter", () => {
  it("drops one genre of several and keeps the others in order", () => {
    expect(withoutFilter("genre=3&genre=5&top=1", "genre", "3")).toBe("genre=5&top=1");
  });

  it("drops a field whole, with the empty fields of a submitted form", () => {
    expect(withoutFilter("genre=3&location=&organizer=7&date_from=&date_to=", "organizer")).toBe(
      "genre=3",
    );
    expect(withoutFilter("date_from=2026-11-20&date_to=2026-11-22", "date_from")).toBe(
      "date_to=2026-11-22",
    );
  });
});
