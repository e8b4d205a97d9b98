import { describe, expect, it } from "vitest";
import { isWellFormedHost, judgeHost, normalisedPath, siteAddressOf } from "./site-address.ts";

const site = siteAddressOf("https://clubkalender.example", ["intern.example:8080"]);

describe("siteAddressOf", () => {
  it("accepts the public host with and without its default port, and the listed extra hosts", () => {
    expect([...site.hosts].sort()).toEqual([
      "clubkalender.example",
      "clubkalender.example:443",
      "intern.example:8080",
    ]);
    expect([...siteAddressOf("http://127.0.0.1:3000").hosts]).toEqual(["127.0.0.1:3000"]);
  });
});

describe("isWellFormedHost", () => {
  it.each(["example.org", "EXAMPLE.org:443", "127.0.0.1:3000", "[::1]:3000", "localhost", "a-b.c"])(
    "takes %j",
    (host) => expect(isWellFormedHost(host)).toBe(true),
  );
  it.each([
    "",
    " ",
    "a b",
    "a@b",
    "[::1",
    "127.0.0.1:3400\\party\\x",
    "127.0.0.1:3400/newsletter?",
    "example.org#",
    "example.org:",
    "example.org:123456",
    "-example.org",
    "example..org",
    "ex_ample.org",
    "x".repeat(300),
  ])("refuses %j", (host) => expect(isWellFormedHost(host)).toBe(false));
});

describe("normalisedPath", () => {
  it.each([
    ["/", "/"],
    ["/club?archiv=1", "/club?archiv=1"],
    ["/api/../club", "/club"],
    ["/club/./frequenz", "/club/frequenz"],
    ["/club\\..\\party", "/party"],
    ["//evil.example/x", "//evil.example/x"],
    ["/suche?q=caf\u00e9", "/suche?q=caf%C3%A9"],
  ])("turns %j into %j", (target, path) => expect(normalisedPath(site, target)).toBe(path));

  it.each(["http://evil.example/", "*", "club", "/club#top", ""])(
    "refuses the target %j",
    (target) => expect(normalisedPath(site, target)).toBeNull(),
  );
});

describe("judgeHost", () => {
  const judge = (method: string, host: string | undefined, path = "/club") =>
    judgeHost(site, { method, path, host });

  it("answers the site's own hosts, in any case", () => {
    expect(judge("GET", "clubkalender.example")).toEqual({ kind: "site" });
    expect(judge("POST", "ClubKalender.Example:443")).toEqual({ kind: "site" });
    expect(judge("GET", "intern.example:8080")).toEqual({ kind: "site" });
  });

  it("refuses a missing or malformed host", () => {
    expect(judge("GET", undefined)).toEqual({ kind: "malformed" });
    expect(judge("GET", "")).toEqual({ kind: "malformed" });
    expect(judge("GET", "a b", "/api/health/live/")).toEqual({ kind: "malformed" });
  });

  it("sends page requests for another host to the public origin, and refuses writes", () => {
    expect(judge("GET", "evil.example", "/club?archiv=1")).toEqual({
      kind: "foreign",
      location: "https://clubkalender.example/club?archiv=1",
    });
    expect(judge("POST", "evil.example")).toEqual({ kind: "foreign", location: null });
  });

  it("answers health checks under any well-formed host", () => {
    expect(judge("GET", "10.0.0.5:3000", "/api/health/ready/")).toEqual({ kind: "site" });
  });
});
