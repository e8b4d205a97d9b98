import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where the server may send a request of its own (decision 0199): only to public addresses on
 * the ports the caller allows — never into its own network (loopback, private, link-local,
 * CGNAT, multicast, unspecified, documentation and other special ranges, IPv4 and IPv6).
 */
export interface OutboundRules {
  /** The ports a request may reach, e.g. `[443]`. */
  ports: readonly number[];
  /**
   * Exact address and port pairs allowed although not public: a local stand-in service, and
   * only ever filled from a setting honoured with NODE_ENV=test (TEST_PUSH_SERVICE_URL).
   */
  testOnlyTargets?: readonly { address: string; port: number }[];
}

/** IPv6's global unicast block: every public IPv6 address lies in it. */
const globalUnicastV6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Whether an IP address is public: ipaddr.js names its range "unicast" (no special range at
 * all), and an IPv6 address is global unicast. An IPv4-mapped IPv6 address counts as the IPv4
 * address inside it; anything that is no IP address in a standard spelling (`127.1`, `0x7f.1`)
 * is not public.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parsedAddress(address);
  if (!parsed || parsed.range() !== "unicast") return false;
  return parsed instanceof ipaddr.IPv4 || parsed.match(globalUnicastV6);
}

function parsedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  return isIP(bare) === 0 ? null : ipaddr.process(bare);
}

/** One spelling per address (IPv4-mapped as IPv4, IPv6 compressed), to compare addresses. */
function canonical(address: string): string | null {
  return parsedAddress(address)?.toString() ?? null;
}

/** Whether an address may be connected to at all, whatever the port (the DNS answer filter). */
export function isAllowedAddress(address: string, rules: OutboundRules): boolean {
  if (isPublicAddress(address)) return true;
  const own = canonical(address);
  return own !== null && (rules.testOnlyTargets ?? []).some((t) => canonical(t.address) === own);
}

/** Whether a connection to this address and port is allowed (the connected socket's check). */
export function isAllowedTarget(address: string, port: number, rules: OutboundRules): boolean {
  if (isPublicAddress(address)) return rules.ports.includes(port);
  const own = canonical(address);
  return (
    own !== null &&
    (rules.testOnlyTargets ?? []).some(
      (target) => canonical(target.address) === own && target.port === port,
    )
  );
}
