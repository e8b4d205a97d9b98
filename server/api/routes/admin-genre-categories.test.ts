import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { genreCategories, genres } from "#server/db/schema/catalog.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ deps: ctx.deps });
  const admin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
  token = (await startSession(ctx.deps, admin.id, null)).access;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

const categoryOf = async (id: number) =>
  (await ctx.deps.db.select().from(genreCategories).where(eq(genreCategories.id, id)))[0];

describe("genre categories in the admin API", () => {
  it("creates, renames and deletes a category, and genres move between categories", async () => {
    const created = await send("POST", "/api/admin/genre-categories/", { name: "Bass Music" });
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json() as { id: number; slug: string };
    expect(slug).toBe("bass-music");

    const renamed = await send("PUT", `/api/admin/genre-categories/${id}/`, { name: "Bass" });
    expect(renamed.statusCode).toBe(200);
    expect(await categoryOf(id)).toMatchObject({ name: "Bass", slug: "bass-music" });

    const genre = await createGenre(ctx.deps, { name: "Dubstep", categoryName: "Sonstiges" });
    const moved = await send("PUT", `/api/admin/genres/${genre.id}/`, {
      name: "Dubstep",
      categoryId: id,
      isMain: false,
    });
    expect(moved.statusCode).toBe(200);

    const refused = await send("DELETE", `/api/admin/genre-categories/${id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "Diese Kategorie hat noch Genres. Ordne sie zuerst einer anderen Kategorie zu.",
    );
    expect(await categoryOf(id)).toBeDefined();

    await ctx.deps.db.delete(genres).where(eq(genres.id, genre.id));
    expect((await send("DELETE", `/api/admin/genre-categories/${id}/`)).statusCode).toBe(204);
    expect(await categoryOf(id)).toBeUndefined();
  });

  it("answers bad names with German field errors and unknown ids with 404", async () => {
    const empty = await send("POST", "/api/admin/genre-categories/", { name: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().name).toEqual([expect.any(String)]);
    expect(
      (await send("PUT", "/api/admin/genre-categories/999999/", { name: "X" })).statusCode,
    ).toBe(404);
    expect((await send("DELETE", "/api/admin/genre-categories/999999/")).statusCode).toBe(404);
  });
});
