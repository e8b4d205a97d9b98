import { eq } from "drizzle-orm";
import { contentVersion } from "#server/db/schema/content-version.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** How long a read content version is trusted before the database is asked again. */
const CONTENT_VERSION_POLL_MS = 1_000;

/**
 * The current content version (decision 0012): it goes up with every statement that changes
 * parties, clubs, organisers, genres, ads, pages, menus or redirects, whoever made it.
 */
async function readContentVersion({ db }: Pick<DomainDeps, "db">): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

interface VersionWatch {
  version: number;
  checkedAt: number;
  /** The `forgotten` count the held version was read under. */
  readIn: number;
  pending: Promise<number> | null;
  pendingIn: number;
}

const watches = new WeakMap<object, VersionWatch>();
/** Goes up whenever content may have changed: every version read before is asked again. */
let forgotten = 0;

/**
 * Content may just have changed (a request that writes has been answered here): the next
 * `currentContentVersion` reads the database instead of trusting what it read less than a second
 * ago, so the next request sees the edit.
 */
export function forgetContentVersion(): void {
  forgotten += 1;
}

function watchOf(deps: Pick<DomainDeps, "db">): VersionWatch {
  let watch = watches.get(deps.db);
  if (!watch) {
    watch = { version: -1, checkedAt: 0, readIn: -1, pending: null, pendingIn: -1 };
    watches.set(deps.db, watch);
  }
  return watch;
}

/**
 * Reads the content version now (after a request that may have written, in a worker of the
 * cluster, decision 0191) and tells whether it differs from the one held before: only then do
 * the other workers need to hear of it.
 */
export async function refreshContentVersion(
  deps: Pick<DomainDeps, "db">,
): Promise<{ version: number; moved: boolean }> {
  const before = watchOf(deps).version;
  forgetContentVersion();
  const version = await currentContentVersion(deps);
  return { version, moved: version !== before };
}

/**
 * Takes a content version another worker has just read after changing content (decision 0191)
 * as this process's current one, without asking the database; reads started before it are
 * not kept.
 */
export function learnContentVersion(deps: Pick<DomainDeps, "db">, version: number): void {
  const known = watchOf(deps);
  forgotten += 1;
  known.version = version;
  known.checkedAt = Date.now();
  known.readIn = forgotten;
}

/**
 * The content version `currentContentVersion` would answer without asking the database, or null
 * when it has to ask: synchronous, for the page cache's hits before Fastify (decision 0203).
 */
export function heldContentVersion(deps: Pick<DomainDeps, "db">): number | null {
  const known = watchOf(deps);
  return known.readIn === forgotten && Date.now() - known.checkedAt < CONTENT_VERSION_POLL_MS
    ? known.version
    : null;
}

/**
 * The content version as seen at most CONTENT_VERSION_POLL_MS ago (and not before the last
 * `forgetContentVersion`): one database read per second and process however many requests ask,
 * so caches learn of any change within a second — at once of the changes made through the app.
 */
export function currentContentVersion(deps: Pick<DomainDeps, "db">): Promise<number> {
  const held = heldContentVersion(deps);
  if (held !== null) return Promise.resolve(held);
  const known = watchOf(deps);
  // A read started before the last `forgetContentVersion` may predate the change: not shared.
  if (known.pending && known.pendingIn === forgotten) return known.pending;
  const readIn = forgotten;
  const pending = readContentVersion(deps)
    .then((version) => {
      if (readIn >= known.readIn) {
        known.version = version;
        known.checkedAt = Date.now();
        known.readIn = readIn;
      }
      return version;
    })
    .finally(() => {
      if (known.pending === pending) known.pending = null;
    });
  known.pending = pending;
  known.pendingIn = readIn;
  return pending;
}

/**
 * Memoises `load` per database until the content version changes: derived data (the redirects
 * table, …) is rebuilt at most once per change.
 */
export function memoiseByContentVersion<T>(
  load: (deps: DomainDeps) => Promise<T>,
): (deps: DomainDeps) => Promise<T> {
  const memo = new WeakMap<object, { version: number; value: Promise<T> }>();
  return async (deps) => {
    const version = await currentContentVersion(deps);
    const held = memo.get(deps.db);
    if (held && held.version === version) return held.value;
    const value = load(deps);
    memo.set(deps.db, { version, value });
    value.catch(() => memo.delete(deps.db));
    return value;
  };
}

const MAX_KEYS_PER_VERSION = 1_000;
const keyedMemos = new WeakMap<
  object,
  { version: number; values: Map<string, Promise<unknown>> }
>();

/**
 * Memoises `load()` under `key` until the content version changes (listing counts per filter
 * and night, …): concurrent callers share one computation.
 */
export async function cachedUntilContentChanges<T>(
  deps: Pick<DomainDeps, "db">,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const version = await currentContentVersion(deps);
  let memo = keyedMemos.get(deps.db);
  if (!memo || memo.version !== version) {
    memo = { version, values: new Map() };
    keyedMemos.set(deps.db, memo);
  }
  const held = memo.values.get(key);
  if (held) return held as Promise<T>;
  if (memo.values.size >= MAX_KEYS_PER_VERSION) memo.values.clear();
  const value = load();
  const values = memo.values;
  values.set(key, value);
  value.catch(() => values.delete(key));
  return value;
}
