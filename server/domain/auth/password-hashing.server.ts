import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id (the library's default algorithm) with OWASP's recommended minimum: 19 MiB, 2 passes,
 * 1 lane (decision 0031). The parameters travel inside each hash, so they can grow later.
 */
const argon2Options = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification when there is no account, so timing tells nothing. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword("no account has this password");
  await verifyPassword(await dummyHash, password);
}
