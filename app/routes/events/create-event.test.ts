import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEditableEvent, listOwnEvents } from "#server/domain/events/own-events.server.ts";
import { createClub, createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { action } from "./create-event.tsx";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUser>>;
let clubId: number;
let genreIds: number[];

const start = `${new Date().getUTCFullYear() + 1}-06-13T23:00`;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx.deps);
  clubId = (await createClub(ctx.deps)).id;
  genreIds = [(await createGenre(ctx.deps)).id, (await createGenre(ctx.deps)).id];
});

afterAll(async () => {
  await ctx.close();
});

/** The route's action as React Router calls it for the signed-in owner; a redirect comes back. */
function post(body: BodyInit, headers: Record<string, string> = {}) {
  const args = {
    request: new Request("http://localhost:3000/events/erstellen", {
      method: "POST",
      body,
      headers,
    }),
    params: {},
    context: {
      deps: ctx.deps,
      session: {
        user: { id: owner.id, email: owner.email, displayName: owner.displayName, role: "user" },
        ip: "127.0.0.1",
        csrfToken: "csrf",
        checkCsrf: (token: unknown) => token === "csrf",
      },
    },
  };
  return (action as (args: unknown) => Promise<unknown>)(args).catch((thrown: unknown) => thrown);
}

/** The plain form as the browser posts it without JavaScript: repeated fields, all text. */
function plainForm(title: string) {
  const form = new URLSearchParams({
    csrf: "csrf",
    title,
    start,
    end: "",
    location: String(clubId),
  });
  form.append("venue_name", "");
  form.append("venue_address", "");
  form.append("organizers", String(owner.organizerId));
  for (const id of genreIds) form.append("genres", String(id));
  form.append("media", "https://soundcloud.com/kollektiv/set");
  form.append("media", "");
  form.append("age_limit", "18");
  form.append("flyer", "");
  return form;
}

/** The saved party as its edit page loads it, without its title. */
async function saved(title: string) {
  const own = await listOwnEvents(ctx.deps, owner.id, "upcoming", { page: 1, pageSize: 50 });
  const id = own.items.find((event) => event.title === title)!.id;
  const actor = { id: owner.id, role: "user" as const, ip: null };
  const { values } = await getEditableEvent(ctx.deps, actor, id);
  return { ...values, title: undefined };
}

describe("POST /events/erstellen", () => {
  it("saves a plain form post exactly as the enhanced form's JSON post", async () => {
    const plain = (await post(plainForm("Ohne Skript"))) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/user/events?gespeichert=1");

    const json = (await post(
      JSON.stringify({
        csrf: "csrf",
        values: {
          title: "Mondscheinrave im Hof",
          start,
          end: "",
          location: clubId,
          venue_name: "",
          venue_address: "",
          online: false,
          organizers: [owner.organizerId],
          genres: genreIds,
          description: "",
          price_text: "",
          age_limit: "18",
          ticket_url: "",
          flyer: null,
          media: ["https://soundcloud.com/kollektiv/set", ""],
          draft: false,
          allow_duplicate: false,
        },
      }),
      { "content-type": "application/json" },
    )) as Response;
    expect(json.status).toBe(302);

    const fromPlain = await saved("Ohne Skript");
    expect(fromPlain).toEqual(await saved("Mondscheinrave im Hof"));
    expect(fromPlain).toMatchObject({
      start,
      location: clubId,
      online: false,
      age_limit: 18,
      media: ["https://soundcloud.com/kollektiv/set"],
      organizers: [owner.organizerId],
      draft: false,
    });
    expect([...fromPlain.genres].sort()).toEqual([...genreIds].sort());
  });

  it("takes the club by the name the plain form's searchable club field sends", async () => {
    const club = await createClub(ctx.deps, { name: "Tiefgarage Süd" });
    const form = plainForm("Per Name gewählt");
    form.set("location", "tiefgarage süd");
    form.append("media", "");
    expect(((await post(form)) as Response).status).toBe(302);
    expect(await saved("Per Name gewählt")).toMatchObject({ location: club.id });

    const unknown = plainForm("Unbekannter Club");
    unknown.set("location", "Gibt es nicht");
    const answer = (await post(unknown)) as {
      data: { fieldErrors: Record<string, string[]>; values: Record<string, unknown> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      location: [
        "Diesen Club finden wir nicht. Wähle einen aus der Liste oder trag unten einen neuen Ort ein.",
      ],
    });
    expect(answer.data.values).toMatchObject({ location: "Gibt es nicht" });
  });

  it("answers a plain post without a title with the German field error and the values sent", async () => {
    const answer = (await post(plainForm(""))) as {
      data: { fieldErrors: Record<string, string[]>; values: Record<string, unknown> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ title: ["Pflichtfeld"] });
    expect(answer.data.values).toMatchObject({
      start,
      location: clubId,
      genres: genreIds,
      organizers: [owner.organizerId],
      online: false,
      draft: false,
    });
  });

  it("refuses a plain post with a club that is no id", async () => {
    const form = plainForm("Falscher Club");
    form.set("location", "<script>");
    const answer = (await post(form)) as { data: { fieldErrors: Record<string, string[]> } };
    expect(Object.keys(answer.data.fieldErrors)).toEqual(["location"]);
  });

  it("warns of a duplicate after a plain post and saves it when the post says so", async () => {
    const first = (await post(plainForm("Doppelte Nacht"))) as Response;
    expect(first.status).toBe(302);
    const warned = (await post(plainForm("Doppelte Nacht"))) as {
      data: { formError: string; conflict: { duplicates: unknown[] }; values: { title: string } };
      init: { status: number };
    };
    expect(warned.init.status).toBe(409);
    expect(warned.data.conflict.duplicates).toHaveLength(1);
    expect(warned.data.values.title).toBe("Doppelte Nacht");
    const anyway = plainForm("Doppelte Nacht");
    anyway.set("allow_duplicate", "on");
    expect(((await post(anyway)) as Response).status).toBe(302);
  });
});
