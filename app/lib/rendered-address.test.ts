import { expect, it } from "vitest";
import { isRenderedFor } from "./rendered-address.ts";

it("knows when the HTML was rendered for another address than the browser shows", () => {
  expect(isRenderedFor("/", { pathname: "/", search: "" })).toBe(true);
  expect(isRenderedFor("/", { pathname: "/user", search: "" })).toBe(false);
  expect(isRenderedFor("/?date_from=2026-11-27", { pathname: "/", search: "" })).toBe(false);
  expect(isRenderedFor("/club/m%C3%BChle/3", { pathname: "/club/mühle/3", search: "" })).toBe(true);
  expect(isRenderedFor("/?b=1&a=2", { pathname: "/", search: "?a=2&b=1&_=123" })).toBe(true);
  // An old page without the attribute hydrates as before.
  expect(isRenderedFor(undefined, { pathname: "/user", search: "" })).toBe(true);
});
