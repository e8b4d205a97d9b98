import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseHttpUrl, safeHttpUrl, safeLocalPath } from "./safe-url.ts";

describe("safeHttpUrl", () => {
  it("keeps http and https addresses, normalised as the browser reads them", () => {
    expect(safeHttpUrl("https://tickets.example.org/bassline?x=1#kaufen")).toBe(
      "https://tickets.example.org/bassline?x=1#kaufen",
    );
    expect(safeHttpUrl("http://club.example.org")).toBe("http://club.example.org/");
    expect(safeHttpUrl("HTTPS://Club.Example.ORG/Programm")).toBe(
      "https://club.example.org/Programm",
    );
    expect(safeHttpUrl("  https://club.example.org/ \n")).toBe("https://club.example.org/");
  });

  it("refuses script and data addresses however they are written", () => {
    for (const value of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\nscript:alert(1)",
      "java\tscript:alert(1)",
      "javascript&colon;alert(1)",
      "&#106;avascript:alert(1)",
      "&#x6A;avascript&#x3A;alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
    ]) {
      expect(safeHttpUrl(value), value).toBeNull();
    }
  });

  it("refuses other schemes, relative and protocol-relative addresses", () => {
    for (const value of [
      "mailto:info@example.org",
      "ftp://files.example.org/",
      "/party/x/1",
      "party/x/1",
      "//evil.example.org/",
      "\\\\evil.example.org",
      "www.example.org",
      "https://",
      "",
      "   ",
    ]) {
      expect(safeHttpUrl(value), value).toBeNull();
    }
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });

  it("refuses addresses with a user name or password (https://bank.example@evil.example)", () => {
    expect(safeHttpUrl("https://bank.example@evil.example/")).toBeNull();
    expect(safeHttpUrl("https://user:secret@club.example.org/")).toBeNull();
  });

  it("hands out the parsed address for rules on top (hosts, paths)", () => {
    expect(parseHttpUrl("https://open.spotify.com/track/1")?.hostname).toBe("open.spotify.com");
    expect(parseHttpUrl("javascript:alert(1)")).toBeNull();
  });
});

describe("safeLocalPath", () => {
  it("keeps paths on this site with query and fragment", () => {
    expect(safeLocalPath("/")).toBe("/");
    expect(safeLocalPath("/events/bearbeiten/12?x=1#form")).toBe("/events/bearbeiten/12?x=1#form");
  });

  it("refuses anything the browser would take to another site", () => {
    for (const value of [
      "//evil.example.org",
      "/\\evil.example.org",
      "/\t/evil.example.org",
      "/\r\n/evil.example.org",
      "/x\r\nSet-Cookie: a=b",
      "/x\u0000y",
      "/ /evil.example.org",
      "/a\\b",
      "https://evil.example.org/",
      "javascript:alert(1)",
      "party/x",
      " /party",
      "",
    ]) {
      expect(safeLocalPath(value), value).toBeNull();
    }
    expect(safeLocalPath(null)).toBeNull();
  });

  it("refuses characters beyond printable ASCII, which no Location header carries (issue 25)", () => {
    for (const value of ["/\u3002evil", "/party/m\u00fcnchen", "/x\u00a0y", "/\u2028", "/\ud800"]) {
      expect(safeLocalPath(value), value).toBeNull();
    }
    expect(safeLocalPath("/party/m%C3%BCnchen?q=%E3%80%82")).toBe(
      "/party/m%C3%BCnchen?q=%E3%80%82",
    );
  });

  /** Random text, and random text after the slashes and signs that make a path. */
  const hostilePath = fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc
      .tuple(
        fc.constantFrom("/", "//", "/\\", "/%2F", "/.", "\\", "/\t/", "/\u3002", "/%E3%80%82"),
        fc.string({ unit: "binary", maxLength: 40 }),
      )
      .map(([head, tail]) => head + tail),
    fc.webPath(),
    fc.webUrl(),
  );

  it("answers any text with null or a path that stays here and fits a Location header", () => {
    fc.assert(
      fc.property(hostilePath, (value) => {
        const path = safeLocalPath(value);
        if (path === null) return;
        expect(path).toBe(value);
        expect(() => new Headers({ location: path })).not.toThrow();
        const site = "https://clubkalender.example";
        expect(new URL(path, site).origin).toBe(site);
      }),
      { numRuns: 2_000 },
    );
  });
});
