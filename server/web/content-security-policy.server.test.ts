import { describe, expect, it } from "vitest";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { contentSecurityPolicy } from "./content-security-policy.server.ts";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("the document Content-Security-Policy", () => {
  it("runs scripts only with the nonce and reaches no other origin by default", () => {
    const policy = directives(contentSecurityPolicy("abc123", createTestConfig()));
    expect(policy.get("script-src")).toEqual(["'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("font-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("allows the tracking services and the error reporter only when they are configured", () => {
    const config = createTestConfig({
      GOOGLE_TAG_MANAGER_ID: "GTM-ABC123",
      CLARITY_PROJECT_ID: "abcdef1234",
      SENTRY_DSN: "https://key@o1.ingest.sentry.io/42",
    });
    const policy = directives(contentSecurityPolicy("n", config));
    expect(policy.get("connect-src")).toEqual(
      expect.arrayContaining([
        "https://*.google-analytics.com",
        "https://*.clarity.ms",
        "https://o1.ingest.sentry.io",
      ]),
    );
  });

  it("lets the external-media embeds, the club map and the programme preview load in frames", () => {
    const policy = directives(contentSecurityPolicy("n", createTestConfig()));
    expect(policy.get("frame-src")).toEqual([
      "'self'",
      "https://www.youtube-nocookie.com",
      "https://w.soundcloud.com",
      "https://open.spotify.com",
      "https://www.openstreetmap.org",
    ]);
  });
});
