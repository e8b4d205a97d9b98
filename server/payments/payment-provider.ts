/**
 * What the domain needs from a payment provider: a checkout page for an order, a refund, and
 * (for providers that call back) verified webhooks read into the domain's words.
 */

export interface CheckoutRequest {
  orderId: number;
  amountCents: number;
  currency: string;
  /** One line the buyer sees on the checkout page ("Top-Event: …, 2 Wochen"). */
  description: string;
  customerEmail: string | null;
  /** The checkout closes at this instant (the order expires then). */
  expiresAt: Date;
  /** Where the buyer lands after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  /** The provider's name for this checkout (Stripe: the Checkout Session id). */
  providerReference: string;
  /** Where the buyer pays. */
  checkoutUrl: string;
}

export interface RefundRequest {
  orderId: number;
  /** All of the payment, or a part of it (a top event cut short). */
  amountCents: number;
  /** The provider's payment to refund (Stripe: the PaymentIntent). */
  providerPaymentId: string | null;
  /** One key per refund: the same key again refunds nothing twice. */
  idempotencyKey: string;
}

/** A provider's event, as the domain understands it. */
export type PaymentEvent =
  /** The money arrived (card at once, SEPA days later). */
  | { kind: "paid"; eventId: string; providerReference: string; paymentId: string | null }
  /** Checkout done, the money is on its way (SEPA Direct Debit). */
  | { kind: "processing"; eventId: string; providerReference: string; paymentId: string | null }
  /** The payment failed (card declined, SEPA returned). */
  | { kind: "failed"; eventId: string; providerReference: string }
  /** The buyer never paid and the checkout closed. */
  | { kind: "checkout_expired"; eventId: string; providerReference: string }
  /** The payment was refunded in full at the provider (also in its dashboard). */
  | { kind: "refunded"; eventId: string; paymentId: string }
  /** An event we do not act on (acknowledged, logged). */
  | { kind: "ignored"; eventId: string; type: string };

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  /** Stored with each order: "sandbox" or "stripe". */
  name: "sandbox" | "stripe";
  createCheckout: (request: CheckoutRequest) => Promise<Checkout>;
  refund: (request: RefundRequest) => Promise<void>;
  /** Verifies a webhook's signature over its raw body and reads it; null: no webhooks. */
  readWebhook: ((rawBody: Buffer, signature: string | undefined) => PaymentEvent) | null;
}
