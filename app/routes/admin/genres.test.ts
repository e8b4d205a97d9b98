import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { listGenresForAdmin } from "#server/domain/admin/catalogue-editor.server.ts";
import { action } from "./genres.tsx";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
});

afterAll(async () => {
  await ctx.close();
});

/** The page's form as the browser posts it (no JavaScript needed), by the signed-in admin. */
async function post(fields: Record<string, string>) {
  const args = {
    request: new Request("http://localhost:3000/admin/katalog/genres", {
      method: "POST",
      body: new URLSearchParams({ csrf: "csrf", ...fields }),
    }),
    params: {},
    context: {
      deps: ctx.deps,
      session: {
        user: { id: admin.id, email: admin.email, displayName: "Admin", role: "admin" },
        ip: "127.0.0.1",
        csrfToken: "csrf",
        checkCsrf: (token: unknown) => token === "csrf",
      },
    },
  };
  const answer = await (action as (args: unknown) => Promise<unknown>)(args);
  return (answer as { data?: unknown }).data ?? answer;
}

const categoryNamed = async (name: string) =>
  (await listGenresForAdmin(ctx.deps)).categories.find((category) => category.name === name);

describe("the genres page", () => {
  it("creates, renames and deletes categories and moves a genre into another", async () => {
    expect(await post({ intent: "add-category", name: "Breaks" })).toMatchObject({
      success: "Kategorie angelegt.",
    });
    const breaks = (await categoryNamed("Breaks"))!;
    expect(
      await post({ intent: "rename-category", categoryId: String(breaks.id), name: "Breakbeat" }),
    ).toMatchObject({ success: "Kategorie umbenannt." });
    expect(await categoryNamed("Breakbeat")).toMatchObject({ id: breaks.id });

    const genre = await createGenre(ctx.deps, { name: "Electro", categoryName: "Techno" });
    expect(
      await post({
        intent: "update",
        genreId: String(genre.id),
        name: "Electro Breaks",
        categoryId: String(breaks.id),
        isMain: "on",
      }),
    ).toMatchObject({ success: "Genre gespeichert." });
    const moved = (await listGenresForAdmin(ctx.deps)).genres.find(({ id }) => id === genre.id);
    expect(moved).toMatchObject({ name: "Electro Breaks", categoryId: breaks.id, isMain: true });

    const refused = await post({ intent: "delete-category", categoryId: String(breaks.id) });
    expect(refused).toMatchObject({
      formError: "Diese Kategorie hat noch Genres. Ordne sie zuerst einer anderen Kategorie zu.",
    });
    expect(await categoryNamed("Breakbeat")).toBeDefined();

    await post({ intent: "delete", genreId: String(genre.id) });
    expect(await post({ intent: "delete-category", categoryId: String(breaks.id) })).toMatchObject({
      success: "Kategorie gelöscht.",
    });
    expect(await categoryNamed("Breakbeat")).toBeUndefined();
  });

  it("shows a renamed category's field error at that category", async () => {
    const category = (await createGenre(ctx.deps, { categoryName: "House" })).categoryId;
    const refused = await post({
      intent: "rename-category",
      categoryId: String(category),
      name: "",
    });
    expect(refused).toMatchObject({
      intent: "rename-category",
      values: { categoryId: String(category) },
      fieldErrors: { name: [expect.any(String)] },
    });
  });
});
