import { expect, it } from "vitest";
import { loginPath, safeReturnPath } from "./return-path.ts";

it("returns only to paths on this site", () => {
  expect(safeReturnPath("/events/bearbeiten/12?x=1")).toBe("/events/bearbeiten/12?x=1");
  expect(safeReturnPath("https://evil.example.org")).toBe("/user");
  expect(safeReturnPath("//evil.example.org")).toBe("/user");
  expect(safeReturnPath("/\\evil.example.org")).toBe("/user");
  expect(safeReturnPath("/user/login?weiter=/x")).toBe("/user");
  expect(safeReturnPath(null)).toBe("/user");
  expect(loginPath("/user/events?page=2")).toBe("/user/login?weiter=%2Fuser%2Fevents%3Fpage%3D2");
});
