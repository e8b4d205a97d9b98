import { describe, expect, it } from "vitest";
import {
  MAX_SERIES_PARTIES,
  describeRule,
  fallsOn,
  monthWeeksOf,
  partiesInSeries,
  seriesDays,
  type SeriesRule,
} from "./series-rule.ts";

/** The days of a series' rule (decision 0230). 2026-10-02 is a Friday. */

const rule = (overrides: Partial<SeriesRule>): SeriesRule => ({
  frequency: "weekly",
  monthWeek: null,
  anchorDay: "2026-10-02",
  untilDay: null,
  ...overrides,
});

describe("the days of a series", () => {
  it("every week and every two weeks from the first day, never before it", () => {
    expect(seriesDays(rule({}), "2026-09-01", "2026-10-31")).toEqual([
      "2026-10-02",
      "2026-10-09",
      "2026-10-16",
      "2026-10-23",
      "2026-10-30",
    ]);
    expect(seriesDays(rule({ frequency: "biweekly" }), "2026-10-10", "2026-11-30")).toEqual([
      "2026-10-16",
      "2026-10-30",
      "2026-11-13",
      "2026-11-27",
    ]);
  });

  it("monthly on the first, third and last Friday", () => {
    const firstFriday = rule({ frequency: "monthly", monthWeek: "1" });
    expect(seriesDays(firstFriday, "2026-10-01", "2027-01-31")).toEqual([
      "2026-10-02",
      "2026-11-06",
      "2026-12-04",
      "2027-01-01",
    ]);
    const thirdFriday = rule({ frequency: "monthly", monthWeek: "3", anchorDay: "2026-10-16" });
    expect(seriesDays(thirdFriday, "2026-10-01", "2026-12-31")).toEqual([
      "2026-10-16",
      "2026-11-20",
      "2026-12-18",
    ]);
    // October 2026 has five Fridays: the last is the 30th, a fourth would be the 23rd.
    const lastFriday = rule({ frequency: "monthly", monthWeek: "last", anchorDay: "2026-10-30" });
    expect(seriesDays(lastFriday, "2026-10-01", "2027-01-31")).toEqual([
      "2026-10-30",
      "2026-11-27",
      "2026-12-25",
      "2027-01-29",
    ]);
  });

  it("tells which of its month's weekdays a day is", () => {
    expect(monthWeeksOf("2026-10-02")).toEqual(["1"]);
    expect(monthWeeksOf("2026-10-23")).toEqual(["4"]);
    expect(monthWeeksOf("2026-10-30")).toEqual(["last"]);
    expect(monthWeeksOf("2026-11-27")).toEqual(["4", "last"]);
    expect(monthWeeksOf("2026-02-28")).toEqual(["4", "last"]);
  });

  it("stops at the end day, inclusive, and names no day outside the rule", () => {
    const until = rule({ untilDay: "2026-10-16" });
    expect(seriesDays(until, "2026-10-01", "2026-12-31")).toEqual([
      "2026-10-02",
      "2026-10-09",
      "2026-10-16",
    ]);
    expect(fallsOn(until, "2026-10-23")).toBe(false);
    expect(fallsOn(rule({}), "2026-10-03")).toBe(false);
    expect(fallsOn(rule({}), "2026-09-25")).toBe(false);
  });

  it("counts a bounded series and stops counting past the bound", () => {
    expect(partiesInSeries(rule({}))).toBeNull();
    expect(partiesInSeries(rule({ untilDay: "2027-09-24" }))).toBe(52);
    expect(partiesInSeries(rule({ untilDay: "2027-10-01" }))).toBe(MAX_SERIES_PARTIES + 1);
    expect(partiesInSeries(rule({ untilDay: "2099-12-31" }))).toBe(MAX_SERIES_PARTIES + 1);
  });

  it("says the rule in German", () => {
    expect(describeRule(rule({}))).toBe("Jeden Freitag");
    expect(describeRule(rule({ frequency: "biweekly" }))).toBe("Alle zwei Wochen am Freitag");
    expect(describeRule(rule({ frequency: "monthly", monthWeek: "last" }))).toBe(
      "Jeden letzten Freitag im Monat",
    );
  });
});
