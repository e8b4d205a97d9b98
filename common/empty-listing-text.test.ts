import { describe, expect, it } from "vitest";
import { emptyListingText } from "./empty-listing-text.ts";

// Sunday 2026-11-22, evening.
const sunday = "2026-11-22";

describe("the empty listing's sentence", () => {
  it("suggests other filters only when a filter besides the dates is set", () => {
    expect(emptyListingText({ otherFilters: false }, sunday)).toBe(
      "Gerade ist nichts eingetragen. Schau bald wieder vorbei.",
    );
    expect(
      emptyListingText({ dateFrom: sunday, dateTo: sunday, otherFilters: false }, sunday),
    ).not.toContain("Filter");
    expect(emptyListingText({ dateFrom: sunday, dateTo: sunday, otherFilters: true }, sunday)).toBe(
      "Für diese Auswahl ist nichts eingetragen. Probier andere Filter.",
    );
  });

  it("names tonight, tomorrow, a night and the weekend on a Sunday evening", () => {
    const text = (dateFrom: string, dateTo?: string) =>
      emptyListingText({ dateFrom, dateTo, otherFilters: false }, sunday);
    expect(text(sunday, sunday)).toBe("Heute ist nichts eingetragen.");
    expect(text("2026-11-23", "2026-11-23")).toBe("Morgen ist nichts eingetragen.");
    expect(text("2026-11-25", "2026-11-25")).toBe("Am Mi., 25.11. ist nichts eingetragen.");
    expect(text("2026-11-27", "2026-11-29")).toBe("Am Wochenende ist nichts eingetragen.");
    expect(text("2026-11-24", "2026-11-26")).toBe(
      "Vom Di., 24.11. bis Do., 26.11. ist nichts eingetragen.",
    );
    expect(text("2026-11-24")).toBe("Ab Di., 24.11. ist nichts eingetragen.");
  });
});
