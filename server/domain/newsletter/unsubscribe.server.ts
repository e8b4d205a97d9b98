import { and, eq, ne } from "drizzle-orm";
import { newsletterSends, newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { subscriberIdOfUnsubscribeToken } from "./newsletter-tokens.server.ts";

export interface UnsubscribeTarget {
  email: string;
  unsubscribed: boolean;
}

/** Whose unsubscribe link this is, for the page that asks for the one click; null if not genuine. */
export async function unsubscribeTarget(
  deps: DomainDeps,
  token: string,
): Promise<UnsubscribeTarget | null> {
  const subscriberId = subscriberIdOfUnsubscribeToken(deps.config, token);
  if (subscriberId === null) return null;
  const [subscriber] = await deps.db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, subscriberId));
  if (!subscriber) return null;
  return { email: subscriber.email, unsubscribed: subscriber.status === "unsubscribed" };
}

/**
 * Ends a subscription from a mail's link (RFC 8058 one-click or the unsubscribe page): no login,
 * no second question, and mails of an issue still being sent are dropped. Doing it twice is fine.
 * Returns false when the token is not genuine or its subscriber is gone.
 */
export async function unsubscribe(deps: DomainDeps, token: string): Promise<boolean> {
  const subscriberId = subscriberIdOfUnsubscribeToken(deps.config, token);
  if (subscriberId === null) return false;
  return deps.db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId));
    if (!subscriber) return false;
    await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: deps.now(), confirmationMailDueAt: null })
      .where(
        and(
          eq(newsletterSubscribers.id, subscriberId),
          ne(newsletterSubscribers.status, "unsubscribed"),
        ),
      );
    await tx
      .delete(newsletterSends)
      .where(
        and(eq(newsletterSends.subscriberId, subscriberId), eq(newsletterSends.status, "pending")),
      );
    return true;
  });
}
