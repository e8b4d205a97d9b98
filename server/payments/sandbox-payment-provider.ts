import { randomBytes } from "node:crypto";
import type { PaymentProvider } from "./payment-provider.ts";

/** The local checkout page of the sandbox (a path on this site). */
export const sandboxCheckoutPath = (reference: string) => `/zahlung/testmodus/${reference}`;

/**
 * The embedded provider used when STRIPE_SECRET_KEY is unset: its checkout is a page on this
 * site marked "Testmodus" (Bezahlen, Abbrechen, "Zahlung schlägt fehl"); no money moves, so a
 * refund has nothing to send back.
 */
export function createSandboxPaymentProvider(publicUrl: string): PaymentProvider {
  return {
    name: "sandbox",
    createCheckout: async () => {
      const reference = `sandbox_${randomBytes(12).toString("hex")}`;
      return {
        providerReference: reference,
        checkoutUrl: publicUrl + sandboxCheckoutPath(reference),
      };
    },
    refund: async () => {},
    readWebhook: null,
  };
}
