import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { clientAddress } from "#server/domain/address-limits.server.ts";
import { action } from "./report-party.tsx";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe("POST /fehler-melden/:id", () => {
  it("answers a report on an unknown party with the 404 page, not an error", async () => {
    const outcome = await Promise.resolve()
      .then(() =>
        (action as (args: unknown) => unknown)({
          request: new Request("http://localhost:3000/fehler-melden/99999", {
            method: "POST",
            body: new URLSearchParams({ csrf: "csrf", message: "Die Uhrzeit stimmt nicht." }),
          }),
          params: { id: "99999" },
          context: {
            deps: ctx.deps,
            session: {
              user: null,
              ip: "198.51.100.25",
              client: clientAddress("198.51.100.25"),
              csrfToken: "csrf",
              checkCsrf: (token: unknown) => token === "csrf",
            },
          },
        }),
      )
      .catch((thrown: unknown) => thrown);
    expect((outcome as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
