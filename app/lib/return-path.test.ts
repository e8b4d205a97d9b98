import fc from "fast-check";
import { redirect } from "react-router";
import { expect, it } from "vitest";
import { safeLocalPath } from "#common/safe-url.ts";
import { loginPath, safeReturnPath } from "./return-path.ts";

it("returns only to paths on this site", () => {
  expect(safeReturnPath("/events/bearbeiten/12?x=1")).toBe("/events/bearbeiten/12?x=1");
  expect(safeReturnPath("https://evil.example.org")).toBe("/user");
  expect(safeReturnPath("//evil.example.org")).toBe("/user");
  expect(safeReturnPath("/\\evil.example.org")).toBe("/user");
  expect(safeReturnPath("/user/login?weiter=/x")).toBe("/user");
  expect(safeReturnPath("/\u3002evil")).toBe("/user");
  expect(safeReturnPath(null)).toBe("/user");
  expect(loginPath("/user/events?page=2")).toBe("/user/login?weiter=%2Fuser%2Fevents%3Fpage%3D2");
});

it("answers any `weiter` with a safe local path or /user, and the redirect never fails", () => {
  const weiter = fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc
      .tuple(
        fc.constantFrom("/", "//", "/\\", "/\u3002", "/user/login"),
        fc.string({ unit: "binary" }),
      )
      .map(([head, tail]) => head + tail),
  );
  fc.assert(
    fc.property(weiter, (value) => {
      const path = safeReturnPath(value);
      expect(path === "/user" || safeLocalPath(path) === path).toBe(true);
      expect(redirect(path).headers.get("location")).toBe(path);
    }),
    { numRuns: 2_000 },
  );
});
