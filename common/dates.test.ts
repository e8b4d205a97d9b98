import { describe, expect, it } from "vitest";
import {
  calendarDayOf,
  formatDateTime,
  formatDayTime,
  formatTime,
  fromWallClock,
  partyNightBounds,
  partyNightOf,
  toWallClock,
  toZonedIso,
  weekendNights,
  weekendNightsFrom,
} from "./dates.ts";

describe("party nights (06:00–06:00 Europe/Berlin)", () => {
  it("counts Saturday 02:00 to Friday's night", () => {
    expect(partyNightOf(new Date("2026-11-21T01:00:00Z"))).toBe("2026-11-20");
  });

  it("starts a new night at 06:00 local time", () => {
    expect(partyNightOf(new Date("2026-11-21T04:59:00Z"))).toBe("2026-11-20");
    expect(partyNightOf(new Date("2026-11-21T05:00:00Z"))).toBe("2026-11-21");
  });

  it("spans 23 hours on the spring change and 25 on the autumn change", () => {
    const spring = partyNightBounds("2026-03-28");
    expect(spring.start.toISOString()).toBe("2026-03-28T05:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-29T04:00:00.000Z");
    const autumn = partyNightBounds("2026-10-24");
    expect(autumn.start.toISOString()).toBe("2026-10-24T04:00:00.000Z");
    expect(autumn.end.toISOString()).toBe("2026-10-25T05:00:00.000Z");
  });

  it("reads wall clocks across daylight-saving changes", () => {
    const skipped = fromWallClock({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 });
    expect(skipped.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    const twice = fromWallClock({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 });
    expect(twice.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("names the weekend still to come", () => {
    expect(weekendNights(new Date("2026-11-25T12:00:00Z"))).toEqual([
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    // Sunday 02:00 is still Saturday's night: Friday is over.
    expect(weekendNights(new Date("2026-11-22T01:00:00Z"))).toEqual(["2026-11-21", "2026-11-22"]);
    expect(weekendNightsFrom("2026-11-20")).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  it("means the coming weekend on a Sunday evening, not only tonight", () => {
    expect(weekendNightsFrom("2026-11-22")).toEqual(["2026-11-27", "2026-11-28", "2026-11-29"]);
    // Sunday 19:00 in Berlin.
    expect(weekendNights(new Date("2026-11-22T18:00:00Z"))).toEqual([
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
  });

  it("finds the weekend across daylight-saving Sundays", () => {
    // Clocks go back on Sunday 2026-10-25: 05:30 CET is still Saturday's night, 19:00 is Sunday's.
    expect(weekendNights(new Date("2026-10-25T04:30:00Z"))).toEqual(["2026-10-24", "2026-10-25"]);
    expect(weekendNights(new Date("2026-10-25T18:00:00Z"))).toEqual([
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
    // Clocks go forward on Sunday 2026-03-29: 05:30 CEST is Saturday's night, 06:00 is Sunday's.
    expect(weekendNights(new Date("2026-03-29T03:30:00Z"))).toEqual(["2026-03-28", "2026-03-29"]);
    expect(weekendNights(new Date("2026-03-29T04:00:00Z"))).toEqual([
      "2026-04-03",
      "2026-04-04",
      "2026-04-05",
    ]);
    // Sunday evening in summer time, the weekend before the change back.
    expect(weekendNights(new Date("2026-10-18T17:00:00Z"))).toEqual([
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
    ]);
  });
});

describe("calendarDayOf", () => {
  it("names the day an instant falls on in the zone, not in UTC", () => {
    expect(calendarDayOf(new Date("2026-11-20T22:59:00Z"))).toBe("2026-11-20");
    expect(calendarDayOf(new Date("2026-11-20T23:00:00Z"))).toBe("2026-11-21");
    expect(calendarDayOf(new Date("2026-06-30T22:00:00Z"), "Europe/Berlin")).toBe("2026-07-01");
    expect(calendarDayOf(new Date("2026-06-30T22:00:00Z"), "UTC")).toBe("2026-06-30");
  });
});

describe("German formats", () => {
  it("writes a start as 'Sa., 21.11.2026, 23:00 Uhr'", () => {
    expect(formatDateTime(new Date("2026-11-21T22:00:00Z"))).toBe("Sa., 21.11.2026, 23:00 Uhr");
  });

  it("dates a start after midnight by its own day, not by Friday's night", () => {
    const saturdayMidnight = new Date("2026-11-27T23:00:00Z");
    expect(partyNightOf(saturdayMidnight)).toBe("2026-11-27");
    expect(formatDayTime(saturdayMidnight)).toBe("Sa., 28.11., 00:00 Uhr");
  });

  it("gives schema.org dates the winter and summer offsets", () => {
    expect(toZonedIso(new Date("2026-11-21T22:00:00Z"))).toBe("2026-11-21T23:00:00+01:00");
    expect(toZonedIso(new Date("2026-07-01T21:00:00Z"))).toBe("2026-07-01T23:00:00+02:00");
  });
});

describe("kept wall-clock readings (decision 0207)", () => {
  const intlTime = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat("de-DE", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(instant);

  it("reads each instant in its own zone, the second time as the first", () => {
    const instants = [
      "2026-03-29T00:59:00Z", // before the spring change in Berlin
      "2026-03-29T01:00:00Z", // after it
      "2026-10-25T00:30:00Z", // the autumn hour that occurs twice
      "2026-10-25T01:30:00Z",
      "2026-11-27T23:05:00Z",
    ].map((text) => new Date(text));
    for (const timeZone of ["Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns", "UTC"]) {
      for (const instant of instants) {
        const first = toWallClock(instant, timeZone);
        expect(toWallClock(instant, timeZone)).toEqual(first);
        expect(formatTime(instant, timeZone)).toBe(intlTime(instant, timeZone));
      }
    }
  });

  it("hands out copies: changing one reading changes no later one", () => {
    const instant = new Date("2026-11-21T22:00:00Z");
    const reading = toWallClock(instant);
    reading.hour = 5;
    expect(toWallClock(instant).hour).toBe(23);
    expect(formatTime(instant)).toBe("23:00");
  });
});
