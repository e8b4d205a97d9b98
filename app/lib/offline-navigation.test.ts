import { expect, it } from "vitest";
import { isNetworkFailure } from "./offline-navigation.ts";

it("tells a request without answer from other errors", () => {
  expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
  expect(isNetworkFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(
    true,
  );
  expect(isNetworkFailure(new TypeError("Load failed"))).toBe(true);
  expect(isNetworkFailure(new TypeError("x is not a function"))).toBe(false);
  expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
  expect(isNetworkFailure({ status: 500 })).toBe(false);
});
