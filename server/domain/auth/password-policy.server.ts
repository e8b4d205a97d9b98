import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary, translations } from "@zxcvbn-ts/language-de";
import { ValidationError } from "#server/domain/errors.ts";
import { isCommonPassword } from "./common-passwords.server.ts";

const commonPasswordMessage =
  "Dieses Passwort gehört zu den 10.000 häufigsten und ist leicht zu erraten. Bitte wähle ein anderes.";
const containsOwnDataMessage =
  "Das Passwort darf weder Deine E-Mail-Adresse noch den Namen dieser Seite enthalten.";
const guessableMessage = (why: string) =>
  `Dieses Passwort ist leicht zu erraten${why ? `: ${why}` : "."} Tipp: Mehrere Wörter, die nicht zusammengehören, sind stark und leicht zu merken.`;

/** zxcvbn's scores 0–4; 3 means "safely unguessable" (about 10¹⁰ guesses), decision 0092. */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** German and common dictionaries (names, words, Wikipedia, the password lists) on first use. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...germanDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

/** What the password must not contain: the address, its name part, the site's name. */
function ownData(context: { email?: string; siteName: string }): string[] {
  const words = [context.siteName];
  if (context.email) {
    words.push(context.email);
    const local = context.email.split("@")[0] ?? "";
    if (local.length >= 4) words.push(local);
  }
  return words.map((word) => word.trim().toLowerCase()).filter((word) => word !== "");
}

/**
 * The server's part of the password rules; the length rule lives in the shared form schema
 * (common/schemas/account.ts). No composition rules (NIST SP 800-63B): a password is refused
 * when it is among the most common, contains the address or the site's name, or zxcvbn-ts
 * guesses it in fewer than about 10¹⁰ tries — always with a German hint why.
 */
export function assertPasswordStrongEnough(
  password: string,
  field: string,
  context: { email?: string; siteName: string },
): void {
  if (isCommonPassword(password)) throw new ValidationError({ [field]: [commonPasswordMessage] });
  const lowered = password.toLowerCase();
  const own = ownData(context);
  if (own.some((word) => lowered.includes(word))) {
    throw new ValidationError({ [field]: [containsOwnDataMessage] });
  }
  const result = strengthEstimator().check(password, own);
  if (result.score < MIN_SCORE) {
    throw new ValidationError({ [field]: [guessableMessage(result.feedback.warning ?? "")] });
  }
}
