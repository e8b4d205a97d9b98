import { safeHttpUrl, safeLocalPath } from "#common/safe-url.ts";
import { redirects } from "#server/db/schema/content.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { memoiseByContentVersion } from "#server/domain/content-version/content-version.server.ts";

export interface Redirect {
  fromPath: string;
  toPath: string;
  statusCode: 301 | 302 | 307 | 308;
}

const allowedStatuses = new Set([301, 302, 307, 308]);

/** A path as the redirects table keys it: no query, no trailing slash (except "/"). */
export function redirectKey(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? "/";
  const trimmed = withoutQuery.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * Every redirect, keyed by its normalised source path. Targets must be local paths or http(s)
 * URLs; other rows and odd status codes are left out (a 301 is the default).
 */
async function loadRedirects({ db }: Pick<DomainDeps, "db">): Promise<Map<string, Redirect>> {
  const rows = await db
    .select({
      fromPath: redirects.fromPath,
      toPath: redirects.toPath,
      statusCode: redirects.statusCode,
    })
    .from(redirects);
  const table = new Map<string, Redirect>();
  for (const row of rows) {
    const toPath = safeLocalPath(row.toPath) ?? safeHttpUrl(row.toPath);
    if (toPath === null) continue;
    const statusCode = allowedStatuses.has(row.statusCode) ? row.statusCode : 301;
    table.set(redirectKey(row.fromPath), {
      fromPath: row.fromPath,
      toPath,
      statusCode: statusCode as Redirect["statusCode"],
    });
  }
  return table;
}

/** The redirects table, reread only when the content version changes. */
export const currentRedirects = memoiseByContentVersion(loadRedirects);
