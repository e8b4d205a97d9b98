import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { getClubForEditing, listClubsForAdmin } from "#server/domain/clubs/club-editor.server.ts";
import { action } from "./edit-club.tsx";
import { loader as clubPageLoader } from "#app/routes/clubs/club-page.tsx";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  // Two image uploads an hour per account, one image encoded at once and none waiting.
  ctx = await createTestContext({
    config: { IMAGE_UPLOADS_PER_HOUR: "2", IMAGE_CONCURRENCY: "1", IMAGE_QUEUE: "0" },
  });
  admin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
});

afterAll(async () => {
  await ctx.close();
});

/** The club form as the browser posts it (multipart, no JavaScript needed), by an admin. */
async function post(id: string, fields: Record<string, string>, photo?: Buffer, by = admin) {
  const form = new FormData();
  form.set("csrf", "csrf");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("photo", new File(photo ? [new Uint8Array(photo)] : [], photo ? "club.jpg" : ""));
  const args = {
    request: new Request(`http://localhost:3000/admin/katalog/clubs/${id}`, {
      method: "POST",
      body: form,
    }),
    params: { id },
    context: {
      deps: ctx.deps,
      session: {
        user: { id: by.id, email: by.email, displayName: "Admin", role: "admin" },
        ip: "127.0.0.1",
        csrfToken: "csrf",
        checkCsrf: (token: unknown) => token === "csrf",
      },
    },
  };
  try {
    return await (action as (args: unknown) => Promise<unknown>)(args);
  } catch (thrown) {
    return thrown;
  }
}

const club = { name: "Kellerclub", address: "Hofweg 1", postcode: "04109", city: "Leipzig" };

describe("the admin's club form", () => {
  it("creates a club with a photo, shows it on the club page, and removes it", async () => {
    const jpeg = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#123" },
    })
      .jpeg()
      .toBuffer();
    const created = (await post("neu", { intent: "save", ...club }, jpeg)) as Response;
    expect(created.status).toBe(302);
    const id = Number(created.headers.get("location")!.split("/").at(-1));
    const saved = await getClubForEditing(ctx.deps, id);
    expect(saved.images).toEqual([expect.stringMatching(/^clubs\/c\d+\/[a-f0-9]{32}-800\.webp$/)]);

    const page = await clubPageLoader({
      request: new Request(`http://localhost:3000/club/${saved.slug}/${id}`),
      params: { slug: saved.slug, id: String(id) },
      context: { deps: ctx.deps },
    } as never);
    expect(page.club.photo).toBe(saved.images[0]);

    // Saving without choosing a file keeps the photo.
    await post(String(id), { intent: "save", ...club, name: "Kellerclub Süd" });
    expect((await getClubForEditing(ctx.deps, id)).images).toEqual(saved.images);

    const removed = (await post(String(id), { intent: "remove-photo" })) as { data: unknown };
    expect(removed.data).toMatchObject({ success: "Foto entfernt." });
    expect((await getClubForEditing(ctx.deps, id)).images).toEqual([]);
  });

  it("refuses a file that is no image with a German field error and saves nothing", async () => {
    const refused = (await post(
      "neu",
      { intent: "save", ...club, name: "Kein Bild" },
      Buffer.from("nur Text"),
    )) as { data: { fieldErrors: Record<string, string[]> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({
      photo: ["Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch."],
    });
    expect((await listClubsForAdmin(ctx.deps)).map(({ name }) => name)).not.toContain("Kein Bild");
  });

  const photo = () =>
    sharp({ create: { width: 600, height: 400, channels: 3, background: "#345" } })
      .jpeg()
      .toBuffer();
  type Refusal = {
    data: { formError: string; fieldErrors: object };
    init: { status: number; headers: Record<string, string> };
  };

  it("refuses a photo over the hourly image quota with 429 and the wait above the form", async () => {
    const busyAdmin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
    for (const name of ["Erster Club", "Zweiter Club"]) {
      const saved = (await post(
        "neu",
        { intent: "save", ...club, name },
        await photo(),
        busyAdmin,
      )) as Response;
      expect(saved.status).toBe(302);
    }
    const refused = (await post(
      "neu",
      { intent: "save", ...club, name: "Dritter Club" },
      await photo(),
      busyAdmin,
    )) as Refusal;
    expect(refused.init.status).toBe(429);
    expect(refused.init.headers).toEqual({ "retry-after": "3600" });
    expect(refused.data).toMatchObject({
      fieldErrors: {},
      formError:
        "Du hast in dieser Stunde schon 2 Bilder hochgeladen. Weitere kannst Du in 60 Minuten hochladen.",
    });
    expect((await listClubsForAdmin(ctx.deps)).map(({ name }) => name)).not.toContain(
      "Dritter Club",
    );
  });

  it("answers 503 with Retry-After while the image queue is full", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = ctx.deps.images.runUpload(() => gate);
    const refused = (await post(
      "neu",
      { intent: "save", ...club, name: "Warteclub" },
      await photo(),
    )) as Refusal;
    release();
    await held;
    expect(refused.init.status).toBe(503);
    expect(refused.init.headers).toEqual({ "retry-after": "10" });
    expect(refused.data.formError).toBe(
      "Gerade werden sehr viele Bilder verarbeitet. Bitte versuche es in ein paar Sekunden noch einmal.",
    );
  });
});
