import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { users } from "#server/db/schema/users.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import {
  completeAdminSetup,
  hasAdmin,
  isSetupLinkUsable,
  openAdminSetup,
  setupLinkInvalidMessage,
} from "./admin-setup.server.ts";

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext({ now: "2026-11-27T10:00:00Z" });
});

afterEach(async () => {
  await ctx.close();
});

const password = "Nachts sind alle Katzen grau 77";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("the first admin through the setup link (decision 0202)", () => {
  it("opens a link only while there is no admin, and the link makes one, once", async () => {
    const token = await openAdminSetup(ctx.deps);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await isSetupLinkUsable(ctx.deps, token!)).toBe(true);

    const id = await completeAdminSetup(ctx.deps, { token, email: "chefin@example.org", password });
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.id, id));
    expect(admin).toMatchObject({ email: "chefin@example.org", role: "admin" });
    expect(admin!.verifiedAt).not.toBeNull();

    expect(await isSetupLinkUsable(ctx.deps, token!)).toBe(false);
    const again = await refusal(
      completeAdminSetup(ctx.deps, { token, email: "zweite@example.org", password }),
    );
    expect(again).toBeInstanceOf(NotFoundError);
    expect((again as Error).message).toBe(setupLinkInvalidMessage);
    expect(await openAdminSetup(ctx.deps)).toBeNull();
  });

  it("refuses a link after its hour, and an older link once a newer one exists", async () => {
    const older = await openAdminSetup(ctx.deps);
    const newer = await openAdminSetup(ctx.deps);
    expect(await isSetupLinkUsable(ctx.deps, older!)).toBe(false);
    expect(await isSetupLinkUsable(ctx.deps, newer!)).toBe(true);
    ctx.setNow("2026-11-27T11:00:01Z");
    expect(await isSetupLinkUsable(ctx.deps, newer!)).toBe(false);
    expect(
      await refusal(
        completeAdminSetup(ctx.deps, { token: newer, email: "a@example.org", password }),
      ),
    ).toBeInstanceOf(NotFoundError);
    expect(await hasAdmin(ctx.deps)).toBe(false);
  });

  it("keeps the link when the password is refused", async () => {
    const token = await openAdminSetup(ctx.deps);
    const weak = await refusal(
      completeAdminSetup(ctx.deps, { token, email: "chefin@example.org", password: "leipzig1" }),
    );
    expect(weak).toBeInstanceOf(ValidationError);
    expect(await isSetupLinkUsable(ctx.deps, token!)).toBe(true);
  });

  it("makes an existing account the admin only with that account's password", async () => {
    const user = await createUser(ctx.deps, { password, withOrganizer: false });
    const token = await openAdminSetup(ctx.deps);
    const wrong = await refusal(
      completeAdminSetup(ctx.deps, {
        token,
        email: user.email,
        password: "Ein ganz anderes Passwort 99",
      }),
    );
    expect(wrong).toBeInstanceOf(ValidationError);
    expect(await hasAdmin(ctx.deps)).toBe(false);
    expect(await completeAdminSetup(ctx.deps, { token, email: user.email, password })).toBe(
      user.id,
    );
    expect(await hasAdmin(ctx.deps)).toBe(true);
  });

  it("makes one admin when one link is posted twice at once", async () => {
    const token = await openAdminSetup(ctx.deps);
    const outcomes = await Promise.allSettled([
      completeAdminSetup(ctx.deps, { token, email: "eins@example.org", password }),
      completeAdminSetup(ctx.deps, { token, email: "zwei@example.org", password }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const admins = await ctx.deps.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });
});
