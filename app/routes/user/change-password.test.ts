import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import {
  authenticateAccessToken,
  startSession,
} from "#server/domain/auth/session-tokens.server.ts";
import { action } from "./change-password.tsx";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe("POST /user/passwort", () => {
  it("ends every session, this browser's too, and signs this browser in afresh", async () => {
    const user = await createUser(ctx.deps);
    const here = await startSession(ctx.deps, user.id, "hier");
    const elsewhere = await startSession(ctx.deps, user.id, "anderswo");
    const signIn = vi.fn(async () => {});
    const answer = await (action as (args: unknown) => Promise<unknown>)({
      request: new Request("http://localhost:3000/user/passwort", {
        method: "POST",
        body: new URLSearchParams({
          csrf: "csrf",
          current_password: user.password,
          new_password: "Ein ganz neues Passwort für heute",
        }),
      }),
      params: {},
      context: {
        deps: ctx.deps,
        session: {
          user: { id: user.id, email: user.email, displayName: user.displayName, role: "user" },
          sessionId: (await authenticateAccessToken(ctx.deps, here.access)).sessionId,
          ip: "127.0.0.1",
          csrfToken: "csrf",
          checkCsrf: (token: unknown) => token === "csrf",
          signIn,
        },
      },
    }).catch((thrown: unknown) => thrown);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/user/passwort?geaendert");
    for (const { access } of [here, elsewhere]) {
      await expect(authenticateAccessToken(ctx.deps, access)).rejects.toThrow();
    }
    expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ id: user.id }));
  });
});
