import Stripe from "stripe";
import type { Config } from "#server/config.ts";
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from "./payment-provider.ts";

type StripeConfig = NonNullable<Config["stripe"]>;

/** The SDK's client, pointed at STRIPE_API_URL when set (tests run a local stand-in). */
function stripeClient(config: StripeConfig): Stripe {
  if (!config.apiUrl) return new Stripe(config.secretKey, { maxNetworkRetries: 2 });
  const url = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 0,
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

/** A verified Stripe event in the domain's words. */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const base = {
        eventId: event.id,
        providerReference: session.id,
        paymentId: idOf(session.payment_intent),
      };
      // Cards are paid at once; SEPA Direct Debit completes the checkout "unpaid" and reports
      // its outcome days later (async_payment_succeeded / _failed).
      return session.payment_status === "unpaid"
        ? { kind: "processing", ...base }
        : { kind: "paid", ...base };
    }
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      return {
        kind: "paid",
        eventId: event.id,
        providerReference: session.id,
        paymentId: idOf(session.payment_intent),
      };
    }
    case "checkout.session.async_payment_failed":
      return { kind: "failed", eventId: event.id, providerReference: event.data.object.id };
    case "checkout.session.expired":
      return {
        kind: "checkout_expired",
        eventId: event.id,
        providerReference: event.data.object.id,
      };
    case "charge.refunded": {
      // Stripe reports every refund, partial ones too (a top event cut short, decision 0210):
      // only a charge refunded in full makes the order "refunded".
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      return paymentId && charge.refunded
        ? { kind: "refunded", eventId: event.id, paymentId }
        : { kind: "ignored", eventId: event.id, type: event.type };
    }
    default:
      return { kind: "ignored", eventId: event.id, type: event.type };
  }
}

/**
 * Stripe Checkout through the official SDK: one Checkout Session per order (the payment
 * methods are those the account enables: card, PayPal, SEPA Direct Debit, Klarna …),
 * fulfilment only on signed webhooks, refunds of the session's PaymentIntent.
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    name: "stripe",
    createCheckout: async (request) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: String(request.orderId),
          metadata: { order_id: String(request.orderId) },
          customer_email: request.customerEmail ?? undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          locale: "de",
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-order-${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout ${session.id} without a URL`);
      return { providerReference: session.id, checkoutUrl: session.url };
    },
    refund: async (request) => {
      if (!request.providerPaymentId) {
        throw new Error(`Order ${request.orderId} has no Stripe payment to refund`);
      }
      await stripe.refunds.create(
        { payment_intent: request.providerPaymentId, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
    },
    readWebhook: (rawBody, signature) => {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      return toPaymentEvent(event);
    },
  };
}
