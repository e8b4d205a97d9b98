import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "#common/money.ts";
import { buildApp } from "#server/app.ts";
import { issueInvoiceForPaidOrder } from "#server/domain/billing/issue-billing-documents.server.ts";
import { createAd } from "#tests/factories/ads.ts";
import { createPaidOrder } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { asBearer, loginForTokens } from "#tests/setup/api-client.ts";
import { readPdf, validatedFacturXml } from "#tests/setup/billing-pdf.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";

let ctx: TestContext;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ config: { OPERATOR_NAME: "Nachtkultur e. V." } });
  app = await buildApp({ deps: ctx.deps });
  owner = await createUser(ctx.deps);
  stranger = await createUser(ctx.deps);
  const ad = await createAd(ctx.deps, {
    ownerId: owner.id,
    title: "Vinyl-Börse",
    durationId: 4,
    startsAt: new Date("2026-11-23T00:00:00Z"),
    endsAt: new Date("2026-12-21T00:00:00Z"),
  });
  const order = await createPaidOrder(ctx.deps, {
    userId: owner.id,
    purpose: "ad",
    adId: ad.id,
    amountCents: 21000,
  });
  await ctx.deps.db.transaction((tx) => issueInvoiceForPaidOrder(tx, ctx.deps, order.id));
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const tokenOf = async (user: { email: string; password: string }) =>
  (await loginForTokens(app, user)).access;

describe("GET /api/my-invoices/", () => {
  it("lists the owner's invoices with their download address", async () => {
    const response = await asBearer(app, await tokenOf(owner), {
      method: "GET",
      url: "/api/my-invoices/",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      count: 1,
      results: [
        {
          number: "2026-000001",
          kind: "invoice",
          amount_cents: 21000,
          amount: formatCents(21000),
          description: "Anzeige in der Partyliste, 4 Wochen: „Vinyl-Börse“",
          corrects_number: null,
          pdf_url: "http://localhost:3000/api/my-invoices/2026-000001/pdf/",
        },
      ],
    });
  });

  it("lists nothing of anyone else's and needs a sign-in", async () => {
    const response = await asBearer(app, await tokenOf(stranger), {
      method: "GET",
      url: "/api/my-invoices/",
    });
    expect(response.json()).toMatchObject({ count: 0, results: [] });
    expect((await app.inject({ method: "GET", url: "/api/my-invoices/" })).statusCode).toBe(401);
  });
});

describe("GET /api/my-invoices/{number}/pdf/", () => {
  it("gives the owner the Factur-X PDF", async () => {
    const response = await asBearer(app, await tokenOf(owner), {
      method: "GET",
      url: "/api/my-invoices/2026-000001/pdf/",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="Rechnung-2026-000001.pdf"',
    );
    expect((await readPdf(response.rawPayload)).text).toContain("Rechnung 2026-000001");
    await validatedFacturXml(response.rawPayload);
  });

  it("is a 404 for anyone else, a 401 without sign-in and a 400 for a malformed number", async () => {
    const strangers = await asBearer(app, await tokenOf(stranger), {
      method: "GET",
      url: "/api/my-invoices/2026-000001/pdf/",
    });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual({ detail: "Diese Rechnung gibt es nicht." });
    const anonymous = await app.inject({ method: "GET", url: "/api/my-invoices/2026-000001/pdf/" });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await asBearer(app, await tokenOf(owner), {
      method: "GET",
      url: "/api/my-invoices/..%2F1/pdf/",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ number: ["Keine gültige Rechnungsnummer."] });
  });
});
