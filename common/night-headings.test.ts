import { describe, expect, it } from "vitest";
import { nightHeading, nightLabel, upcomingNights } from "./night-headings.ts";

describe("night headings", () => {
  it("names tonight and tomorrow", () => {
    expect(nightHeading("2026-11-18", "2026-11-18")).toBe("Heute · Mi., 18.11.");
    expect(nightHeading("2026-11-19", "2026-11-18")).toBe("Morgen · Do., 19.11.");
  });

  it("names the coming weekend's nights on a Wednesday", () => {
    expect(nightLabel("2026-11-20", "2026-11-18")).toBe("Wochenende");
    expect(nightLabel("2026-11-21", "2026-11-18")).toBe("Wochenende");
    expect(nightLabel("2026-11-22", "2026-11-18")).toBe("Wochenende");
    expect(nightHeading("2026-11-24", "2026-11-18")).toBe("Di., 24.11.");
  });

  it("keeps Heute and Morgen over Wochenende on a Friday and leaves next weekend unnamed", () => {
    expect(nightLabel("2026-11-20", "2026-11-20")).toBe("Heute");
    expect(nightLabel("2026-11-21", "2026-11-20")).toBe("Morgen");
    expect(nightLabel("2026-11-27", "2026-11-20")).toBeNull();
  });

  it("heads a lone Sunday after Heute and Morgen by its date, not as Wochenende", () => {
    expect(nightHeading("2026-11-29", "2026-11-27")).toBe("So., 29.11.");
    expect(nightHeading("2026-11-29", "2026-11-26")).toBe("Wochenende · So., 29.11.");
  });

  it("names next weekend's nights on a Sunday evening", () => {
    expect(nightLabel("2026-11-22", "2026-11-22")).toBe("Heute");
    expect(nightLabel("2026-11-23", "2026-11-22")).toBe("Morgen");
    expect(nightLabel("2026-11-26", "2026-11-22")).toBeNull();
    expect(nightLabel("2026-11-27", "2026-11-22")).toBe("Wochenende");
    expect(nightLabel("2026-11-29", "2026-11-22")).toBe("Wochenende");
    expect(nightLabel("2026-12-04", "2026-11-22")).toBeNull();
  });

  it("lists the next nights for the day strip", () => {
    expect(upcomingNights("2026-11-30", 3)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
  });
});
