import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ValidationError } from "#server/domain/errors.ts";
import { isCommonPassword } from "./common-passwords.server.ts";

const commonPasswordMessage =
  "Dieses Passwort gehört zu den 10.000 häufigsten und ist leicht zu erraten. Bitte wähle ein anderes.";
const containsOwnDataMessage =
  "Das Passwort darf weder Deine E-Mail-Adresse noch den Namen dieser Seite enthalten.";
const decoratedCityMessage =
  "Dieses Passwort ist leicht zu erraten: Es ist der Name unserer Stadt mit Ziffern oder Zeichen. Tipp: Mehrere Wörter, die nicht zusammengehören, sind stark und leicht zu merken.";
const guessableMessage = (why: string) =>
  `Dieses Passwort ist leicht zu erraten${why ? `: ${why}` : "."} Tipp: Mehrere Wörter, die nicht zusammengehören, sind stark und leicht zu merken.`;

/** zxcvbn's scores 0–4; 3 means "safely unguessable" (about 10¹⁰ guesses), decision 0092. */
const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The strength estimator, made on first use (password-dictionaries.server.ts). */
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= import("./password-dictionaries.server.ts").then((dictionaries) =>
    dictionaries.createStrengthEstimator(),
  );
  return estimator;
}

/** Who the password is checked for: the address (unknown for a reset) and the site's identity. */
export interface PasswordContext {
  email?: string;
  siteName: string;
  /** The site's city (site settings; first start: CITY_NAME). */
  cityName: string;
}

/** What the password must not contain: the address, its name part, the site's name. */
function ownData(context: PasswordContext): string[] {
  const words = [context.siteName];
  if (context.email) {
    words.push(context.email);
    const local = context.email.split("@")[0] ?? "";
    if (local.length >= 4) words.push(local);
  }
  return words.map((word) => word.trim().toLowerCase()).filter((word) => word !== "");
}

const umlautSpellings: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };
/** From the map, not a regex literal: the bundle stays ASCII (see common/slug.ts). */
const umlautPattern = new RegExp(`[${Object.keys(umlautSpellings).join("")}]`, "g");

/** A name as people type it in a password: as written, "ue" for "ü", and "u" for "ü". */
function spellingsOf(name: string): string[] {
  const lower = name.trim().toLocaleLowerCase("de-DE");
  const transliterated = lower.replace(
    umlautPattern,
    (letter) => umlautSpellings[letter] ?? letter,
  );
  const stripped = lower.normalize("NFD").replace(/\p{M}/gu, "").replaceAll("ß", "ss");
  return [...new Set([lower, transliterated, stripped])];
}

/** Only the letters, lower case ("München-2026!" → "münchen"). */
const lettersOf = (text: string) => text.toLocaleLowerCase("de-DE").replace(/[^\p{L}]/gu, "");

/**
 * The city's spellings as letters only ("frankfurtammain", "muenchen" …), and for zxcvbn also
 * each of its words of four letters or more ("frankfurt", "main").
 */
function cityWords(cityName: string): { whole: string[]; context: string[] } {
  const whole = spellingsOf(cityName)
    .map(lettersOf)
    .filter((word) => word !== "");
  const parts = spellingsOf(cityName).flatMap((spelling) =>
    spelling.split(/[^\p{L}]+/u).filter((word) => word.length >= 4),
  );
  return { whole, context: [...new Set([...whole, ...parts])] };
}

/** The city and nothing else but digits, years, punctuation or its own repetition. */
function isDecoratedCity(password: string, cityForms: string[]): boolean {
  const letters = lettersOf(password);
  return cityForms.some(
    (form) =>
      letters.length % form.length === 0 && form.repeat(letters.length / form.length) === letters,
  );
}

/**
 * The server's part of the password rules; the length rule lives in the shared form schema
 * (common/schemas/account.ts). No composition rules (NIST SP 800-63B): a password is refused
 * when it is among the most common, contains the address or the site's name, is the site's city
 * with only digits or signs around it, or zxcvbn-ts guesses it in fewer than about 10¹⁰ tries —
 * with the address, the site's name and the city's spellings as its context words. Always with
 * a German hint why.
 */
export async function assertPasswordStrongEnough(
  password: string,
  field: string,
  context: PasswordContext,
): Promise<void> {
  if (await isCommonPassword(password))
    throw new ValidationError({ [field]: [commonPasswordMessage] });
  const lowered = password.toLowerCase();
  const own = ownData(context);
  if (own.some((word) => lowered.includes(word))) {
    throw new ValidationError({ [field]: [containsOwnDataMessage] });
  }
  const city = cityWords(context.cityName);
  if (isDecoratedCity(password, city.whole)) {
    throw new ValidationError({ [field]: [decoratedCityMessage] });
  }
  const result = (await strengthEstimator()).check(password, [...own, ...city.context]);
  if (result.score < MIN_SCORE) {
    throw new ValidationError({ [field]: [guessableMessage(result.feedback.warning ?? "")] });
  }
}
