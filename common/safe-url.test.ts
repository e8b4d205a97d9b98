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
});
