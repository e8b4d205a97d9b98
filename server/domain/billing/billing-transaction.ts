import type { Database } from "#server/db/client.server.ts";

/** The transaction a paid or refunded order changes state in (or the database, in tests). */
export type BillingTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;
