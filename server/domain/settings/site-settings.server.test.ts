import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { demoSettingKeys, demoSettings } from "./demo-settings.server.ts";
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
    expect(await getSiteSettings(context.deps)).toMatchObject({
      topEventPricePerWeekCents: 3000,
      adsNeedApproval: false,
      vatMode: "small_business",
      eventsNeedApproval: false,
      newsletterSendHour: 12,
    });
  });

  it("start with demo operator details and all four social links, each marked as demo", async () => {
    const settings = await getSiteSettings(context.deps);
    expect(settings).toMatchObject(demoSettings);
    expect(demoSettingKeys(settings)).toEqual(Object.keys(demoSettings));
  });

  it("take the operator's details from the environment, which are no demo values", async () => {
    const configured = await createTestContext({
      config: { OPERATOR_NAME: "Nachtkultur e. V.", SOCIAL_TIKTOK_URL: "https://tiktok.com/@nk" },
    });
    try {
      const settings = await getSiteSettings(configured.deps);
      expect(settings.operatorName).toBe("Nachtkultur e. V.");
      expect(demoSettingKeys(settings)).not.toContain("operatorName");
      expect(demoSettingKeys(settings)).not.toContain("socialTiktokUrl");
      expect(demoSettingKeys(settings)).toContain("operatorEmail");
    } finally {
      await configured.close();
    }
  });

  it("keep what the operator changed, the rest from the defaults, with an audit entry", async () => {
    const admin = await createUser(context.deps, { role: "admin" });
    await updateSiteSettings(context.deps, { id: admin.id }, { adsNeedApproval: true });
    expect(await getSiteSettings(context.deps)).toMatchObject({
      topEventPricePerWeekCents: 3000,
      adsNeedApproval: true,
      vatMode: "small_business",
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
