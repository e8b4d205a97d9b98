import { describe, expect, it } from "vitest";
import { ValidationError } from "#server/domain/errors.ts";
import { assertPasswordStrongEnough } from "./password-policy.server.ts";

const context = { email: "nachteule@example.org", siteName: "Clubkalender", cityName: "Leipzig" };

const refusal = async (password: string, cityName = context.cityName) => {
  try {
    await assertPasswordStrongEnough(password, "password", { ...context, cityName });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors.password![0]!;
  }
};

describe("password strength", () => {
  it.each([
    ["aaaaaaaa", /leicht zu erraten: Sich wiederholende Zeichen/],
    ["        ", /leicht zu erraten/],
    ["clubkalender", /weder Deine E-Mail-Adresse noch den Namen dieser Seite/],
    ["Clubkalender-2026!", /weder Deine E-Mail-Adresse/],
    ["nachteule@example.org", /weder Deine E-Mail-Adresse/],
    ["nachteule1987", /weder Deine E-Mail-Adresse/],
    ["password", /10.000 häufigsten/],
    ["sommerferien", /leicht zu erraten/],
    ["passwort123", /leicht zu erraten/],
  ])("refuses %j with a German hint", async (password, hint) => {
    expect(await refusal(password)).toMatch(hint);
  });

  const cityRefusal = /leicht zu erraten: Es ist der Name unserer Stadt mit Ziffern oder Zeichen/;

  it.each([
    ["Leipzig", "Leipzig2026!"],
    ["Leipzig", "leipzig!2026"],
    ["Leipzig", "LEIPZIG2026"],
    ["Leipzig", "2026Leipzig!"],
    ["Leipzig", "Leipzig#2026#"],
    ["Leipzig", "Leipzig Leipzig 04109"],
    ["München", "München2026!"],
    ["München", "Muenchen2026!"],
    ["München", "Munchen-2026"],
    ["München", "MÜNCHEN.1972"],
    ["Frankfurt am Main", "Frankfurt-am-Main-26"],
    ["Frankfurt am Main", "frankfurtammain2026"],
  ])("refuses the city %s with digits and signs: %j", async (cityName, password) => {
    expect(await refusal(password, cityName)).toMatch(cityRefusal);
  });

  it.each([
    ["Leipzig", "L3ipzig2026!"],
    ["Frankfurt am Main", "Frankfurt2026!"],
  ])("weighs the city %s as a known word in %j", async (cityName, password) => {
    expect(await refusal(password, cityName)).toMatch(/leicht zu erraten/);
  });

  it.each([
    "Bässe bis zum Morgengrauen",
    "Tanzen in Leipzig bis der Morgen graut",
    "Tanzen bis der Morgen graut 2026",
    "Ziege Laterne Ozean 42",
  ])("accepts %j", async (password) => {
    expect(await refusal(password)).toBeNull();
  });
});
