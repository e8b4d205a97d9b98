import type { Config } from "#server/config.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createSandboxPaymentProvider } from "./sandbox-payment-provider.ts";
import { createStripePaymentProvider } from "./stripe-payment-provider.ts";

/** Stripe when its keys are set, else the local sandbox ("Testmodus"). */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe
    ? createStripePaymentProvider(config.stripe)
    : createSandboxPaymentProvider(config.publicUrl);
}
