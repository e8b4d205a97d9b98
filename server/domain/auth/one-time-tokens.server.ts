import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { oneTimeTokens } from "#server/db/schema/auth.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** Single-use links (e-mail confirmation, e-mail change, password reset); stored hashed. */

export type OneTimePurpose =
  "email_confirmation" | "email_change" | "email_change_undo" | "password_reset";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createOneTimeToken(
  deps: DomainDeps,
  input: {
    purpose: OneTimePurpose;
    userId: number;
    ttlSeconds: number;
    payload?: Record<string, unknown>;
  },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await deps.db.insert(oneTimeTokens).values({
    purpose: input.purpose,
    tokenHash: hashOf(token),
    userId: input.userId,
    payload: input.payload ?? {},
    expiresAt: new Date(deps.now().getTime() + input.ttlSeconds * 1000),
    createdAt: deps.now(),
  });
  return token;
}

/** Uses up a token: its row once, or null when it is unknown, used or expired. */
export async function consumeOneTimeToken(
  deps: DomainDeps,
  purpose: OneTimePurpose,
  token: string,
): Promise<{ userId: number; payload: Record<string, unknown> } | null> {
  const [row] = await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashOf(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, deps.now()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, payload: oneTimeTokens.payload });
  if (!row || row.userId === null) return null;
  return { userId: row.userId, payload: row.payload };
}

/** Whether a token would still be accepted (the reset form checks before asking). */
export async function isOneTimeTokenUsable(
  deps: DomainDeps,
  purpose: OneTimePurpose,
  token: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashOf(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, deps.now()),
      ),
    );
  return row !== undefined;
}

/** Voids a user's open tokens of one purpose (after a reset, older reset links die too). */
export async function voidOneTimeTokens(
  deps: DomainDeps,
  userId: number,
  purpose: OneTimePurpose,
): Promise<void> {
  await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}
