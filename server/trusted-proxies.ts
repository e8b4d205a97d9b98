import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Whose `X-Forwarded-For` counts (TRUST_PROXY, decision 0090): nobody's by default, so the
 * client address is the connection's own; a hop count trusts that many proxies in front of the
 * server; a comma list trusts the named addresses and CIDR ranges (or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`). The value is what Fastify's `trustProxy` takes.
 */
export type TrustedProxies = false | number | string[];

const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; null when the value is none of the accepted forms. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | null {
  const given = value?.trim() ?? "";
  if (given === "" || given === "false" || given === "0") return false;
  if (/^\d+$/.test(given)) {
    const hops = Number(given);
    return hops <= 10 ? hops : null;
  }
  const entries = given.split(",").map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

/** The setting as Fastify's `trustProxy` types it (a hop count becomes proxy-addr's test). */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === "number" ? (_address, hop) => hop < trusted : trusted;
}

/** The last of a header's comma-separated values (a proxy appends its own). */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(",");
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}

/**
 * The host a request names, read as Fastify's `request.host` reads it under
 * `fastifyTrustProxy(trusted)`: the last `X-Forwarded-Host` when the connection comes from a
 * trusted proxy, else `Host` (empty when there is none). For code in front of Fastify's request
 * objects — the page cache's hits (decision 0203) — so that it judges the very host the site's
 * address guard judges.
 */
export function requestHostReader(trusted: TrustedProxies): (raw: IncomingMessage) => string {
  const ownHost = (raw: IncomingMessage) => raw.headers.host ?? "";
  if (trusted === false) return ownHost;
  const trusts = typeof trusted === "number" ? () => trusted > 0 : proxyAddr.compile(trusted);
  return (raw) => {
    const forwarded = raw.headers["x-forwarded-host"];
    const socket = raw.socket as IncomingMessage["socket"] | null;
    if (forwarded && socket && trusts(socket.remoteAddress ?? "", 0)) {
      return lastEntry(String(forwarded));
    }
    return ownHost(raw);
  };
}
