import type { BillingParty } from "#server/db/schema/invoices.ts";
import type { SiteSettings } from "#common/schemas/site-settings.ts";

/**
 * Who sells: the site's operator, as the admin area's settings hold them (decision 0070). The one
 * place invoices read the seller's details from.
 */
export function invoiceSeller(settings: SiteSettings): BillingParty {
  return {
    name: settings.operatorName,
    address: settings.operatorAddress,
    email: settings.operatorEmail,
    phone: settings.operatorPhone || null,
    vatId: settings.operatorVatId || null,
  };
}
