import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { getSiteSettings, updateSiteSettings } from "./site-settings.server.ts";

let context: TestContext;

beforeEach(async () => {
  context = await createTestContext({
    config: { TOP_EVENT_PRICE_PER_WEEK_CENTS: "3000", ADS_NEED_APPROVAL: "false" },
  });
});

afterEach(async () => {
  await context.close();
});

describe("site settings", () => {
  it("start from the environment's defaults", async () => {
    expect(await getSiteSettings(context.deps)).toEqual({
      topEventPricePerWeekCents: 3000,
      adsNeedApproval: false,
    });
  });

  it("keep what the operator changed, the rest from the defaults, with an audit entry", async () => {
    const admin = await createUser(context.deps, { role: "admin" });
    await updateSiteSettings(context.deps, { id: admin.id }, { adsNeedApproval: true });
    expect(await getSiteSettings(context.deps)).toEqual({
      topEventPricePerWeekCents: 3000,
      adsNeedApproval: true,
    });
    const [entry] = await context.deps.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "settings.update", actorUserId: admin.id });
    expect(entry!.details).toEqual({ changed: ["adsNeedApproval"] });
  });

  it("refuse a bad value with a field error and change nothing", async () => {
    const admin = await createUser(context.deps, { role: "admin" });
    const refusal = await updateSiteSettings(
      context.deps,
      { id: admin.id },
      { topEventPricePerWeekCents: -5 },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(Object.keys((refusal as ValidationError).fieldErrors)).toEqual([
      "topEventPricePerWeekCents",
    ]);
    expect((await getSiteSettings(context.deps)).topEventPricePerWeekCents).toBe(3000);
  });
});
