/** How many of the most common passwords are refused (decision 0031). */
const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/**
 * True for the 10,000 most common passwords, ignoring case: the head of the frequency-ranked
 * password list that @zxcvbn-ts/language-common ships (MIT), loaded on first use (decision 0205).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const { dictionary } = await import("@zxcvbn-ts/language-common");
  common ??= new Set(
    dictionary["passwords-common"]
      .slice(0, COMMON_PASSWORD_COUNT)
      .map((entry) => entry.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}
