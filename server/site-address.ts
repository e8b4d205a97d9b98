/**
 * The one address every request is answered for (decision 0196): the configured public origin
 * (`PUBLIC_URL`) plus the request's path in normal form. The `Host` header never takes part in
 * it; it is only checked — a missing or malformed one is refused, a well-formed one that is not
 * the site's is sent to the site's own address. Routing, the page cache's key and the React
 * Router render all read the same normalised path.
 *
 * Plain functions over the raw request's method, target and `Host`, so that any layer in front of
 * the router can use them.
 */

export interface SiteAddress {
  /** The public origin, e.g. `https://example.org` (no trailing slash). */
  origin: string;
  /** Lower-cased `Host` values the site answers as itself. */
  hosts: ReadonlySet<string>;
}

/** A host name or IP literal with an optional port; nothing else (no path, user, spaces). */
const hostHeaderPattern =
  /^(?:\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/i;

/**
 * The site's address from `PUBLIC_URL` and the extra hosts an operator lists (`ALLOWED_HOSTS`).
 * The public host is accepted with and without its scheme's default port (a proxy may pass either).
 */
export function siteAddressOf(
  publicUrl: string,
  allowedHosts: readonly string[] = [],
): SiteAddress {
  const url = new URL(publicUrl);
  const hosts = new Set([
    url.host.toLowerCase(),
    ...allowedHosts.map((host) => host.toLowerCase()),
  ]);
  if (url.port === "") hosts.add(`${url.hostname}:${url.protocol === "https:" ? 443 : 80}`);
  return { origin: url.origin, hosts };
}

/** Whether `value` is a syntactically valid `Host` header value (RFC 9110 §7.2). */
export function isWellFormedHost(value: string): boolean {
  return value.length <= 260 && hostHeaderPattern.test(value);
}

/**
 * The request target as a path in normal form (dot segments resolved, backslashes as slashes,
 * unsafe characters percent-encoded, as a browser would have sent it), or null when the target
 * is not a path at all (absolute-form `http://…`, `*`, a fragment, unparsable).
 */
export function normalisedPath(site: SiteAddress, target: string): string | null {
  if (!target.startsWith("/") || target.includes("#")) return null;
  let url: URL;
  try {
    url = new URL(site.origin + target);
  } catch {
    return null;
  }
  return url.origin === site.origin ? url.pathname + url.search : null;
}

/** The absolute URL a request with this normalised path is answered for. */
export function siteUrlOf(site: SiteAddress, path: string): string {
  return site.origin + path;
}

/** Paths that answer under any well-formed host: the health checks of load balancers. */
const anyHostPaths = /^\/api\/health\//;

export type HostVerdict =
  | { kind: "site" }
  | { kind: "malformed" }
  /** A well-formed host that is not the site's: page requests go to the site's own address. */
  | { kind: "foreign"; location: string | null };

/**
 * What a request's `Host` means: the site's own (or a health check), missing or malformed (400),
 * or another host — a GET or HEAD is sent to the same path on the public origin, anything else
 * refused (`location` null).
 */
export function judgeHost(
  site: SiteAddress,
  request: { method: string; path: string; host: string | undefined },
): HostVerdict {
  const { host, path, method } = request;
  if (host === undefined || !isWellFormedHost(host)) return { kind: "malformed" };
  if (site.hosts.has(host.toLowerCase()) || anyHostPaths.test(path)) return { kind: "site" };
  const location = method === "GET" || method === "HEAD" ? siteUrlOf(site, path) : null;
  return { kind: "foreign", location };
}
