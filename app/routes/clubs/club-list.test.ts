import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { updateSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { loader, meta } from "./club-list.tsx";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ config: { SITE_NAME: "Erststart" } });
});

afterAll(async () => {
  await ctx.close();
});

/** The page's meta tags as React Router renders them from the loader's data. */
async function pageMeta() {
  const data = await loader({ context: { deps: ctx.deps } } as never);
  return (meta as (args: unknown) => Record<string, string>[])({ data });
}

describe("the club list's title", () => {
  it("uses the site name from the settings, not the first-start default", async () => {
    const admin = await createUser(ctx.deps, { role: "admin" });
    expect((await pageMeta()).find((tag) => "title" in tag)!.title).toMatch(/\| Erststart$/);

    await updateSiteSettings(ctx.deps, { id: admin.id }, { siteName: "Nachtfalter" });

    const after = await pageMeta();
    expect(after.find((tag) => "title" in tag)!.title).toMatch(/\| Nachtfalter$/);
    expect(after).toContainEqual({ property: "og:site_name", content: "Nachtfalter" });
  });
});
