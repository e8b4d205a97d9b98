import { and, asc, eq } from "drizzle-orm";
import { organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import type { BillingParty } from "#server/db/schema/invoices.ts";
import type { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import type { BillingTransaction } from "./billing-transaction.ts";

/**
 * Who buys: the invoice name and postal address given with the order (decision 0211), else the
 * account's name and the organiser profile it owns (its first; a team member's profile is not
 * theirs to bill, decision 0232); always the e-mail.
 */
export async function invoiceBuyer(
  tx: BillingTransaction,
  userId: number,
  order: Pick<typeof paymentOrders.$inferSelect, "billingName" | "billingAddress">,
): Promise<BillingParty> {
  const [user] = await tx
    .select({ name: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`Order buyer ${userId} does not exist`);
  const address = order.billingAddress ? { address: order.billingAddress } : {};
  if (order.billingName) {
    return { name: order.billingName, organization: null, email: user.email, ...address };
  }
  const [organizer] = await tx
    .select({ name: organizers.name })
    .from(organizerMembers)
    .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
    .where(and(eq(organizerMembers.userId, userId), eq(organizerMembers.role, "owner")))
    .orderBy(asc(organizerMembers.createdAt), asc(organizers.id))
    .limit(1);
  return {
    name: user.name,
    organization: organizer?.name ?? null,
    email: user.email,
    ...address,
  };
}
