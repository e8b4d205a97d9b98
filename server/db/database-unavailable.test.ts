import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

describe("isDatabaseUnavailable", () => {
  it.each([
    ["no socket to connect to", Object.assign(new Error("connect ENOENT"), { code: "ENOENT" })],
    ["a server shutting down", Object.assign(new Error("terminating"), { code: "57P01" })],
    ["a server still recovering", Object.assign(new Error("starting up"), { code: "57P03" })],
    ["a connection lost mid-query", new Error("Connection terminated unexpectedly")],
    [
      "a query written to a closed socket",
      Object.assign(new Error("write EPIPE"), { code: "EPIPE" }),
    ],
    [
      "a pooled client that lost its connection",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    [
      "Drizzle's wrapper around one of these",
      Object.assign(new Error("Failed query: select 1"), {
        cause: Object.assign(new Error("terminating"), { code: "57P01" }),
      }),
    ],
  ])("says yes to %s", (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a syntax error", Object.assign(new Error("syntax"), { code: "42601" })],
    ["a plain bug", new TypeError("x is undefined")],
    ["nothing", undefined],
  ])("says no to %s", (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
