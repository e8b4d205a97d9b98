/** How many of the most common passwords are refused (decision 0031). */
const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<Set<string>> | undefined;

/**
 * True for the 10,000 most common passwords, ignoring case: the head of the frequency-ranked
 * list the password checks' dictionaries hold, loaded on first use.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("./password-dictionaries.server.ts").then(
    ({ rankedCommonPasswords }) =>
      new Set(
        rankedCommonPasswords.slice(0, COMMON_PASSWORD_COUNT).map((entry) => entry.toLowerCase()),
      ),
  );
  return (await common).has(password.toLowerCase());
}
