import { describe, expect, it } from "vitest";
import { ValidationError } from "#server/domain/errors.ts";
import { assertPasswordStrongEnough } from "./password-policy.server.ts";

const context = { email: "nachteule@example.org", siteName: "Clubkalender" };

const refusal = (password: string) => {
  try {
    assertPasswordStrongEnough(password, "password", context);
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
  ])("refuses %j with a German hint", (password, hint) => {
    expect(refusal(password)).toMatch(hint);
  });

  it.each([
    "Bässe bis zum Morgengrauen",
    "Tanzen bis der Morgen graut 2026",
    "Ziege Laterne Ozean 42",
  ])("accepts %j", (password) => {
    expect(refusal(password)).toBeNull();
  });
});
