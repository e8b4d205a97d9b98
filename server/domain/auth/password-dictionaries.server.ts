import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary, translations } from "@zxcvbn-ts/language-de";

/**
 * The password checks' dictionaries — German and common (names, words, Wikipedia, the password
 * lists) — several MB in every process that loads them, so this module is imported on first use
 * (decisions 0205, 0209). Static imports here, not `import()` of the packages: they are
 * CommonJS, and a bundle chunk made of a CommonJS package hands `import()` only its default
 * (decision 0206).
 */

/** zxcvbn's strength estimator with the German and the common dictionaries. */
export function createStrengthEstimator(): ZxcvbnFactory {
  return new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...germanDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
}

/** The frequency-ranked list of common passwords that @zxcvbn-ts/language-common ships (MIT). */
export const rankedCommonPasswords: readonly string[] = commonDictionary["passwords-common"];
