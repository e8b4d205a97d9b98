import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { updateSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { manifestRoute } from "#server/web/manifest-route.ts";

let ctx: TestContext;
let app: FastifyInstance;
let web: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext({ config: { SITE_NAME: "Erststart" } });
  app = await buildApp({ deps: ctx.deps });
  web = Fastify();
  await web.register(manifestRoute, { deps: ctx.deps });
});

afterAll(async () => {
  await web.close();
  await app.close();
  await ctx.close();
});

describe("the site name from the settings", () => {
  it("names feeds, the manifest and the next mail once an admin changes it (page titles: club-list.test.ts)", async () => {
    const admin = await createUser(ctx.deps, { role: "admin" });
    const user = await createUser(ctx.deps);
    await updateSiteSettings(ctx.deps, { id: admin.id }, { siteName: "Nachtfalter" });

    const rss = await app.inject({ url: "/feeds/partys.rss" });
    expect(rss.body).toMatch(/<title>Partys in [^<]+ – Nachtfalter<\/title>/);
    const ics = await app.inject({ url: "/feeds/partys.ics" });
    expect(ics.body).toMatch(/X-WR-CALNAME:Partys in .+ – Nachtfalter/);

    const manifest = await web.inject({ url: "/manifest.webmanifest" });
    expect(manifest.json()).toMatchObject({ short_name: "Nachtfalter" });
    expect(manifest.json().name).toMatch(/^Nachtfalter – Partys in /);
    // Browsers revalidate it, and the ETag changes with the name.
    const unchanged = await web.inject({
      url: "/manifest.webmanifest",
      headers: { "if-none-match": manifest.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);

    const reset = await app.inject({
      method: "POST",
      url: "/api/password_reset/",
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(200);
    await expect
      .poll(async () => (await mailsTo(ctx.deps.config, user.email)).map((mail) => mail.subject))
      .toEqual(["Dein neues Passwort für Nachtfalter"]);
    const [mail] = await mailsTo(ctx.deps.config, user.email);
    expect(mail!.text).toContain("Dein Team von Nachtfalter");
  });
});
