import * as SunCalc from "suncalc";
import { describe, expect, it } from "vitest";
import { decideTheme, themeAt, themeOverrideFromCookies } from "./theme.ts";

const leipzig = { lat: 51.3397, lng: 12.3731 };
const minute = 60_000;

describe("themeAt", () => {
  it("is light at noon and dark at 01:00 in Berlin, summer and winter", () => {
    expect(themeAt(new Date("2026-06-21T10:00:00Z"), leipzig)).toBe("light");
    expect(themeAt(new Date("2026-06-20T23:00:00Z"), leipzig)).toBe("dark");
    expect(themeAt(new Date("2026-12-21T11:00:00Z"), leipzig)).toBe("light");
    expect(themeAt(new Date("2026-12-21T00:00:00Z"), leipzig)).toBe("dark");
  });

  it("switches at suncalc's sunset and sunrise for the city", () => {
    const times = SunCalc.getTimes(new Date("2026-03-15T12:00:00Z"), leipzig.lat, leipzig.lng);
    const sunrise = times.sunrise!;
    const sunset = times.sunset!;
    expect(themeAt(new Date(sunset.getTime() - minute), leipzig)).toBe("light");
    expect(themeAt(new Date(sunset.getTime() + minute), leipzig)).toBe("dark");
    expect(themeAt(new Date(sunrise.getTime() - minute), leipzig)).toBe("dark");
    expect(themeAt(new Date(sunrise.getTime() + minute), leipzig)).toBe("light");
  });

  it("follows the configured place: 18:00 UTC in March is night in Tokyo, day in New York", () => {
    const instant = new Date("2026-03-15T18:00:00Z");
    expect(themeAt(instant, { lat: 35.68, lng: 139.69 })).toBe("dark");
    expect(themeAt(instant, { lat: 40.71, lng: -74.0 })).toBe("light");
  });

  it("handles polar day and night, where the sun never sets or rises", () => {
    expect(themeAt(new Date("2026-06-21T23:00:00Z"), { lat: 78.22, lng: 15.65 })).toBe("light");
    expect(themeAt(new Date("2026-12-21T11:00:00Z"), { lat: 78.22, lng: 15.65 })).toBe("dark");
  });
});

describe("the remembered override", () => {
  it("is read from the theme cookie among others", () => {
    expect(themeOverrideFromCookies("a=1; theme=light; b=2")).toBe("light");
    expect(themeOverrideFromCookies("theme=dark")).toBe("dark");
    expect(themeOverrideFromCookies("theme=pink")).toBeNull();
    expect(themeOverrideFromCookies("mytheme=dark")).toBeNull();
    expect(themeOverrideFromCookies(null)).toBeNull();
  });

  it("wins over the sun", () => {
    const noon = new Date("2026-06-21T10:00:00Z");
    expect(decideTheme(noon, leipzig, "theme=dark")).toBe("dark");
    expect(decideTheme(noon, leipzig, "other=1")).toBe("light");
  });
});
