import { describe, expect, it } from "vitest";
import { SAVED_PARTIES_LIMIT, validSavedParties } from "./saved-parties.ts";

const party = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Party ${id}`,
  path: `/party/party-${id}/${id}`,
  start: "2026-11-20T22:00:00.000Z",
  end: null,
  place: "Distillery",
  address: "Kurt-Eisner-Straße 108a, 04275 Leipzig",
  cancelled: false,
  ...overrides,
});

describe("a stored list of saved parties", () => {
  it("keeps valid entries, each party once", () => {
    expect(validSavedParties([party(1), party(2), party(1, { title: "Noch mal" })])).toEqual([
      party(1),
      party(2),
    ]);
  });

  it.each([
    ["not a list", { 0: party(1) }],
    ["a string", "[]"],
    ["null", null],
  ])("is empty for %s", (_name, stored) => {
    expect(validSavedParties(stored)).toEqual([]);
  });

  it("drops forged entries: wrong types, other origins, scripts, extra fields, control characters", () => {
    const forged = [
      party(1, { id: "1" }),
      party(2, { path: "https://evil.example/party/x/2" }),
      party(3, { path: "javascript:alert(1)" }),
      party(4, { path: "//evil.example/party/x/4" }),
      party(5, { start: "morgen" }),
      party(6, { html: "<b>" }),
      party(7, { title: "a\u0000b" }),
      party(8, { title: "x".repeat(301) }),
      party(-9),
      party(10, { id: 1.5 }),
      "Müll",
      null,
    ];
    expect(validSavedParties([...forged, party(11)])).toEqual([party(11)]);
  });

  it("keeps markup in a title as text (it is never rendered as HTML)", () => {
    const title = '<img src=x onerror="alert(1)">';
    expect(validSavedParties([party(1, { title })])[0]!.title).toBe(title);
  });

  it(`holds at most ${SAVED_PARTIES_LIMIT} parties of a list of 10,000`, () => {
    const many = Array.from({ length: 10_000 }, (_, index) => party(index + 1));
    const kept = validSavedParties(many);
    expect(kept).toHaveLength(SAVED_PARTIES_LIMIT);
    expect(kept[0]!.id).toBe(1);
  });
});
