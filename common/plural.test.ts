import { describe, expect, it } from "vitest";
import { countOf, nounFor, nouns } from "./plural.ts";

describe("German counts", () => {
  it("uses the singular for one only", () => {
    expect(countOf(1, nouns.view)).toBe("1 Aufruf");
    expect(countOf(2, nouns.view)).toBe("2 Aufrufe");
    expect(countOf(0, nouns.view)).toBe("0 Aufrufe");
    expect(countOf(1, nouns.party)).toBe("1 Party");
    expect(countOf(1, nouns.click)).toBe("1 Klick");
    expect(nounFor(3, nouns.impression)).toBe("Einblendungen");
  });

  it("groups thousands the German way", () => {
    expect(countOf(1250, nouns.upcomingParty)).toBe("1.250 kommende Partys");
  });
});
