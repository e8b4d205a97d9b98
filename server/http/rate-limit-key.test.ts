import { describe, expect, it } from "vitest";
import { GONE_CLIENT_KEY, rateLimitKey } from "./rate-limit-key.ts";

describe("the rate limits' key", () => {
  it("counts a client by its address, an IPv6 client by its /64", () => {
    expect(rateLimitKey({ ip: "203.0.113.7" })).toBe("203.0.113.7");
    expect(rateLimitKey({ ip: "2001:db8:1:2:aaaa::1" })).toBe(
      rateLimitKey({ ip: "2001:db8:1:2:bbbb::2" }),
    );
    expect(rateLimitKey({ ip: "2001:db8:1:2::1" })).not.toBe(
      rateLimitKey({ ip: "2001:db8:1:3::1" }),
    );
    expect(rateLimitKey({ ip: "::ffff:203.0.113.7" })).toBe("203.0.113.7");
  });

  it("counts a client that hung up, whose address is gone, without failing", () => {
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe(GONE_CLIENT_KEY);
  });
});
