import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueInvoiceForPaidOrder } from "#server/domain/billing/issue-billing-documents.server.ts";
import { createPaidOrder } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { readPdf, validatedFacturXml } from "#tests/setup/billing-pdf.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import type { Route } from "./+types/invoice-file";
import { loader } from "./invoice-file.ts";
import { loader as listLoader } from "./my-invoices.tsx";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx.deps);
  stranger = await createUser(ctx.deps);
  const order = await createPaidOrder(ctx.deps, { userId: owner.id, purpose: "top_event" });
  await ctx.deps.db.transaction((tx) => issueInvoiceForPaidOrder(tx, ctx.deps, order.id));
});

afterAll(async () => {
  await ctx.close();
});

/** The route's loader as React Router calls it, for a visitor (signed in or not). */
function load<T>(
  routeLoader: (args: never) => Promise<T>,
  path: string,
  user: { id: number } | null,
  params: Record<string, string> = {},
) {
  const args = {
    request: new Request(`http://localhost:3000${path}`),
    params,
    context: { deps: ctx.deps, session: { user, csrfToken: "csrf" } },
  };
  return (routeLoader as (args: unknown) => Promise<T>)(args).catch((thrown: unknown) => thrown);
}

/** The status of an answer: a Response, or what `data(null, { status })` threw. */
const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : (answer as { init?: { status?: number } }).init?.status;

const fileLoader = loader as (args: Route.LoaderArgs) => Promise<Response>;

describe("/user/rechnungen", () => {
  it("lists the owner's invoices with their PDF links", async () => {
    const page = (await load(listLoader, "/user/rechnungen", owner)) as Awaited<
      ReturnType<typeof listLoader>
    >;
    expect(page.documents).toMatchObject([{ number: "2026-000001", kind: "invoice" }]);
    const empty = (await load(listLoader, "/user/rechnungen", stranger)) as typeof page;
    expect(empty.documents).toEqual([]);
  });

  it("sends anonymous visitors to the login", async () => {
    const answer = (await load(listLoader, "/user/rechnungen", null)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/^\/user\/login/);
  });
});

describe("/user/rechnungen/{number}.pdf", () => {
  const path = "/user/rechnungen/2026-000001.pdf";

  it("downloads the owner's Factur-X PDF", async () => {
    const answer = (await load(fileLoader, path, owner, { file: "2026-000001.pdf" })) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const content = new Uint8Array(await answer.arrayBuffer());
    expect((await readPdf(content)).text).toContain("Rechnung 2026-000001");
    await validatedFacturXml(content);
  });

  it("is the 404 page for anyone else and for what is no invoice number", async () => {
    expect(statusOf(await load(fileLoader, path, stranger, { file: "2026-000001.pdf" }))).toBe(404);
    expect(statusOf(await load(fileLoader, path, owner, { file: "2026-000001" }))).toBe(404);
    expect(statusOf(await load(fileLoader, path, owner, { file: "../x.pdf" }))).toBe(404);
  });

  it("sends anonymous visitors to the login", async () => {
    const answer = await load(fileLoader, path, null, { file: "2026-000001.pdf" });
    expect(statusOf(answer)).toBe(302);
  });
});
