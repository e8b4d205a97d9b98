import { eq } from "drizzle-orm";
import type { BillingAddressInput } from "#common/schemas/promotion.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** The name and postal address a buyer wants on invoices (each null when not given). */
export interface BillingAddress {
  billingName: string | null;
  billingAddress: string | null;
}

/** The account's invoice name and address, for the booking forms to fill in. */
export async function accountBillingAddress(
  deps: DomainDeps,
  userId: number,
): Promise<BillingAddress> {
  const [row] = await deps.db
    .select({ billingName: users.billingName, billingAddress: users.billingAddress })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { billingName: null, billingAddress: null };
}

/**
 * The invoice name and address of a new order: what the booking sent (kept in the account for
 * the next booking; an empty field clears it), else what the account holds. An API client that
 * sends neither field books with the account's.
 */
export async function billingAddressOfBooking(
  deps: DomainDeps,
  userId: number,
  values: Pick<BillingAddressInput, "billing_name" | "billing_address">,
): Promise<BillingAddress> {
  const given = {
    ...(values.billing_name === undefined ? {} : { billingName: values.billing_name || null }),
    ...(values.billing_address === undefined
      ? {}
      : { billingAddress: values.billing_address || null }),
  };
  if (Object.keys(given).length > 0) {
    await deps.db
      .update(users)
      .set({ ...given, updatedAt: deps.now() })
      .where(eq(users.id, userId));
  }
  return accountBillingAddress(deps, userId);
}
