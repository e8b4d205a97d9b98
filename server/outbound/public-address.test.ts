import { describe, expect, it } from "vitest";
import { isAllowedTarget, isPublicAddress } from "./public-address.ts";

describe("isPublicAddress", () => {
  it.each([
    "142.250.185.74",
    "1.1.1.1",
    "2a00:1450:4001:82b::200a",
    "2606:4700:4700::1111",
    "::ffff:142.250.185.74",
  ])("accepts the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback", "127.255.255.254"],
    ["loopback", "::1"],
    ["private", "10.1.2.3"],
    ["private", "172.16.0.1"],
    ["private", "192.168.1.1"],
    ["link-local (cloud metadata)", "169.254.169.254"],
    ["link-local", "fe80::1"],
    ["link-local with zone", "fe80::1%eth0"],
    ["CGNAT", "100.64.0.1"],
    ["multicast", "224.0.0.1"],
    ["multicast", "ff02::1"],
    ["unspecified", "0.0.0.0"],
    ["unspecified", "::"],
    ["broadcast", "255.255.255.255"],
    ["documentation", "192.0.2.1"],
    ["documentation", "2001:db8::1"],
    ["benchmarking", "198.18.0.1"],
    ["reserved", "240.0.0.1"],
    ["unique local", "fd00::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped private", "::ffff:10.0.0.1"],
    ["IPv4-mapped, hex", "::ffff:7f00:1"],
    ["NAT64 of a private address", "64:ff9b::10.0.0.1"],
    ["6to4", "2002:7f00:1::1"],
    ["Teredo", "2001:0:4136:e378::1"],
    ["IPv4-compatible (deprecated)", "::127.0.0.1"],
    ["a bracketed literal", "[::1]"],
    ["a shortened IPv4 spelling", "127.1"],
    ["a hex IPv4 spelling", "0x7f.0.0.1"],
    ["a name", "localhost"],
    ["nothing", ""],
  ])("refuses %s: %s", (_kind, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("isAllowedTarget", () => {
  it("allows a public address only on an allowed port", () => {
    expect(isAllowedTarget("1.1.1.1", 443, { ports: [443] })).toBe(true);
    expect(isAllowedTarget("1.1.1.1", 6379, { ports: [443] })).toBe(false);
  });

  it("allows a test-only target exactly, address and port", () => {
    const rules = { ports: [443], testOnlyTargets: [{ address: "127.0.0.1", port: 4100 }] };
    expect(isAllowedTarget("127.0.0.1", 4100, rules)).toBe(true);
    expect(isAllowedTarget("::ffff:127.0.0.1", 4100, rules)).toBe(true);
    expect(isAllowedTarget("127.0.0.1", 4101, rules)).toBe(false);
    expect(isAllowedTarget("127.0.0.1", 443, rules)).toBe(false);
    expect(isAllowedTarget("127.0.0.2", 4100, rules)).toBe(false);
  });
});
