import type { Config } from "./config.ts";
import { configuredClock } from "./configured-clock.ts";
import type { DatabaseHandle } from "./db/client.server.ts";
import { createSharedCounters } from "./counters/create-shared-counters.server.ts";
import type { SharedCounters } from "./counters/shared-counters.ts";
import { openDatabase, type OpenedDatabase } from "./db/open-database.server.ts";
import { createAttemptLedger } from "./domain/attempt-ledger.ts";
import type { DomainDeps } from "./domain/deps.ts";
import { createImageQueue } from "./domain/uploads/image-queue.server.ts";
import { createGeocoder, type Geocoder } from "./geocoding/geocoder.ts";
import { createMailer } from "./mail/mailer.server.ts";
import { createPaymentProvider } from "./payments/create-payment-provider.ts";
import { createPushSender, type PushSender } from "./push/push-sender.ts";
import { createMediaStorage } from "./storage/create-media-storage.server.ts";

/** The domain's dependencies, wired once, with what it takes to let go of them. */
export interface Composition {
  deps: DomainDeps;
  /** The open database (migrate, driver, close). */
  database: DatabaseHandle;
  /** Closes the mailer, the counters and the database and releases the data folder. */
  close: () => Promise<void>;
  /** The embedded database's socket directory, for the cluster's HTTP workers (decision 0191). */
  socketDir?: string;
}

export interface CompositionOptions {
  /** An already opened database (tests clone a migrated template); default: the configured one. */
  database?: DatabaseHandle;
  /** The clock; default: TEST_FIXED_NOW when set (browser tests), else the real one. */
  now?: () => Date;
  /** The shared counters; default: by the configuration (tests give Redis its own prefix). */
  counters?: SharedCounters;
  /** Open the embedded database another process serves on this socket directory (a cluster
   * worker) instead of starting one. */
  embeddedSocketDir?: string;
  /** Web Push; default: the real one (web-push). */
  push?: PushSender;
  /** An operator command: use the embedded database of a site running on DATA_DIR, if any. */
  joinRunningSite?: boolean;
  /** An HTTP worker of the cluster: its pool holds DATABASE_POOL_SIZE connections (0209). */
  httpWorker?: boolean;
  /** Geocoding; default: the configured service, or none (GEOCODING_URL). */
  geocoder?: Geocoder;
}

/**
 * The composition root: every real part (database, mail, media storage, payments, clock) chosen by the
 * configuration alone — the server, the tests, the scripts and the benchmarks all start here.
 */
export async function createDeps(
  config: Config,
  options: CompositionOptions = {},
): Promise<Composition> {
  const opened: OpenedDatabase = options.database
    ? { handle: options.database, release: () => {} }
    : await openDatabase(config, {
        embeddedSocketDir: options.embeddedSocketDir,
        joinRunningSite: options.joinRunningSite,
        httpWorker: options.httpWorker,
      });
  const now = options.now ?? configuredClock(config);
  const mail = createMailer(config);
  const counters = options.counters ?? (await createSharedCounters(config, opened.handle.db));
  const deps: DomainDeps = {
    db: opened.handle.db,
    config,
    mail,
    storage: await createMediaStorage(config),
    payments: await createPaymentProvider(config),
    now,
    attempts: createAttemptLedger(counters),
    counters,
    push: options.push ?? createPushSender(config),
    images: createImageQueue({
      concurrency: config.images.concurrency,
      waiting: config.images.queue,
    }),
    geocoder: options.geocoder ?? createGeocoder(config),
  };
  return {
    deps,
    database: opened.handle,
    ...(opened.socketDir ? { socketDir: opened.socketDir } : {}),
    close: async () => {
      try {
        await mail.close();
        await counters.close();
        await opened.handle.close();
      } finally {
        opened.release();
      }
    },
  };
}
