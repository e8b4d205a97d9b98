import { and, eq, gt, isNull, or } from "drizzle-orm";
import { oneTimeTokens } from "#server/db/schema/auth.ts";
import { newsletterSubscribers, type ConsentProof } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { hashToken } from "./newsletter-tokens.server.ts";

export type ConfirmationState = "open" | "confirmed" | "invalid";

async function findConfirmation(deps: DomainDeps, token: string) {
  const [row] = await deps.db
    .select({
      tokenId: oneTimeTokens.id,
      signup: oneTimeTokens.payload,
      subscriberId: newsletterSubscribers.id,
      status: newsletterSubscribers.status,
    })
    .from(oneTimeTokens)
    .innerJoin(newsletterSubscribers, eq(oneTimeTokens.subscriberId, newsletterSubscribers.id))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, "newsletter_confirmation"),
        or(isNull(oneTimeTokens.expiresAt), gt(oneTimeTokens.expiresAt, deps.now())),
      ),
    );
  return row;
}

/** What a confirmation link stands for: still to confirm, done already, or nothing (unknown,
 * expired, or from before an unsubscription). */
export async function confirmationState(
  deps: DomainDeps,
  token: string,
): Promise<ConfirmationState> {
  const found = await findConfirmation(deps, token);
  if (!found) return "invalid";
  if (found.status === "confirmed") return "confirmed";
  return found.status === "pending" ? "open" : "invalid";
}

/**
 * The second step of the double opt-in: the subscription becomes active, and the proof of
 * consent records the sign-up this link was mailed for plus the confirmation's time and address.
 */
export async function confirmSubscription(
  deps: DomainDeps,
  { token, ip }: { token: string; ip: string | null },
): Promise<ConfirmationState> {
  const found = await findConfirmation(deps, token);
  if (!found) return "invalid";
  if (found.status !== "pending") return found.status === "confirmed" ? "confirmed" : "invalid";
  const now = deps.now();
  const consent = {
    ...(found.signup as unknown as ConsentProof),
    confirmedAt: now.toISOString(),
    confirmIp: ip,
  } satisfies ConsentProof;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now, consent, confirmationMailDueAt: null })
      .where(
        and(
          eq(newsletterSubscribers.id, found.subscriberId),
          eq(newsletterSubscribers.status, "pending"),
        ),
      );
    await tx.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, found.tokenId));
  });
  return "confirmed";
}
