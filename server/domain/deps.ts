import type { Config } from "../config.ts";
import type { Database } from "../db/client.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";

/** What every domain function may use; passed explicitly, never imported. */
export interface DomainDeps {
  db: Database;
  config: Config;
  mail: Mailer;
  /** The current instant; tests fix it. */
  now: () => Date;
}
