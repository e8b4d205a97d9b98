import type { Config } from "#server/config.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createSandboxPaymentProvider } from "./sandbox-payment-provider.ts";

/**
 * Stripe when its keys are set, else the local sandbox ("Testmodus"). Stripe's SDK is loaded
 * only when its keys are set (decision 0193).
 */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  if (!config.stripe) return createSandboxPaymentProvider(config.publicUrl);
  const { createStripePaymentProvider } = await import("./stripe-payment-provider.ts");
  return createStripePaymentProvider(config.stripe);
}
