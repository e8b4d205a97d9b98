import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { multipart } from "#tests/setup/multipart.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { getClub, listClubs } from "#server/domain/clubs/clubs.server.ts";

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

const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

const putPhoto = (clubId: number, data: Buffer, contentType = "image/jpeg") => {
  const body = multipart("photo", "club.jpg", contentType, data);
  return app.inject({
    method: "PUT",
    url: `/api/admin/clubs/${clubId}/photo/`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

const stored = async (mediaPath: string) =>
  ctx.deps.storage.get(mediaPath.replace(/^\/media\//, ""));

describe("club photos in the admin API", () => {
  it("stores a photo in four WebP widths, replaces it, and removes it with its files", async () => {
    const club = await createClub(ctx.deps, { name: "Fotoclub" });
    const first = await putPhoto(club.id, await photo("#c2007a"));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().photo as string;
    expect(firstUrl).toMatch(new RegExp(`^/media/clubs/c${club.id}/[a-f0-9]{32}-800\\.webp$`));
    for (const width of [240, 400, 800, 1200]) {
      expect(await stored(firstUrl.replace("-800.webp", `-${width}.webp`))).not.toBeNull();
    }
    expect((await listClubs(ctx.deps)).find(({ id }) => id === club.id)!.photo).toBe(
      firstUrl.replace(/^\/media\//, ""),
    );

    const second = await putPhoto(club.id, await photo("#00a0c2"));
    const secondUrl = second.json().photo as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stored(firstUrl)).toBeNull();
    expect(await stored(secondUrl)).not.toBeNull();

    const removed = await app.inject({
      method: "DELETE",
      url: `/api/admin/clubs/${club.id}/photo/`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await getClub(ctx.deps, club.id)).images).toEqual([]);
    expect(await stored(secondUrl)).toBeNull();
  });

  it("checks the photo by its content, with a German field error", async () => {
    const club = await createClub(ctx.deps);
    const fake = await putPhoto(club.id, Buffer.from("<svg onload=alert(1)>"), "image/jpeg");
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({
      photo: ["Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch."],
    });
    expect((await getClub(ctx.deps, club.id)).images).toEqual([]);
    expect((await putPhoto(999_999, await photo("#000"))).statusCode).toBe(404);
  });
});
