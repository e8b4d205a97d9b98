import type { Config } from "#server/config.ts";
import type { SharedCounters } from "#server/counters/shared-counters.ts";
import type { Database } from "#server/db/client.server.ts";
import type { Geocoder } from "#server/geocoding/geocoder.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import type { PaymentProvider } from "#server/payments/payment-provider.ts";
import type { PushSender } from "#server/push/push-sender.ts";
import type { MediaStorage } from "#server/storage/media-storage.ts";
import type { AttemptLedger } from "./attempt-ledger.ts";
import type { ImageQueue } from "./uploads/image-queue.server.ts";

/** What every domain function may use; passed explicitly, never imported. */
export interface DomainDeps {
  db: Database;
  config: Config;
  mail: Mailer;
  /** Uploaded files: DATA_DIR/media or S3. */
  storage: MediaStorage;
  /** Checkout, refunds and webhooks: Stripe, or the local sandbox ("Testmodus"). */
  payments: PaymentProvider;
  /** The current instant; tests fix it. */
  now: () => Date;
  /** Per-account password failures and per-recipient mail allowances (shared by all processes). */
  attempts: AttemptLedger;
  /** The counters all processes share (Redis or the database); request rate limits use them too. */
  counters: SharedCounters;
  /** Web Push to browsers that asked for it (decision 0187). */
  push: PushSender;
  /** The line sharp's work waits in while the server answers requests (decision 0198). */
  images: ImageQueue;
  /** Coordinates of typed-in places, when an operator configured a service (decision 0213). */
  geocoder: Geocoder;
}
