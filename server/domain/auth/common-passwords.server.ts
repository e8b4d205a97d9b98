/** How many of the most common passwords are refused (decision 0031). */
const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<Set<string>> | undefined;

/**
 * True for the 10,000 most common passwords, ignoring case: the head of the frequency-ranked
 * password list that @zxcvbn-ts/language-common ships (MIT).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  // Loaded on first use, as the strength estimator's dictionaries (decisions 0205, 0209).
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(
        dictionary["passwords-common"]
          .slice(0, COMMON_PASSWORD_COUNT)
          .map((entry) => entry.toLowerCase()),
      ),
  );
  return (await common).has(password.toLowerCase());
}
