import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.server.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import type { MediaStorage } from "#server/storage/media-storage.ts";

/** What every domain function may use; passed explicitly, never imported. */
export interface DomainDeps {
  db: Database;
  config: Config;
  mail: Mailer;
  /** Uploaded files: DATA_DIR/media or S3. */
  storage: MediaStorage;
  /** The current instant; tests fix it. */
  now: () => Date;
}
