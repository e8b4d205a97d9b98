import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { loader } from "./embed-programme.tsx";

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createUser>>;
let club: Awaited<ReturnType<typeof createClub>>;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx.deps);
  club = await createClub(ctx.deps, { name: 'Halle "Neun" & Hof' });
  await createGenre(ctx.deps, { name: "Dub" });
});

afterAll(async () => {
  await ctx.close();
});

type Page = Awaited<ReturnType<typeof loader>>;

/** The loader as React Router calls it, for a signed-in user (or anyone). */
function load(query: string, as: { id: number } | null = user): Promise<Page | unknown> {
  const args = {
    request: new Request(`http://localhost:3000/user/einbinden${query}`),
    params: {},
    context: { deps: ctx.deps, session: { user: as, csrfToken: "csrf" } },
  };
  return (loader as (args: unknown) => Promise<Page>)(args).catch((thrown: unknown) => thrown);
}

describe("/user/einbinden", () => {
  it("starts with the user's own organiser profile", async () => {
    const page = (await load("")) as Page;
    expect(page.chosen).toBe(`organizer-${user.organizerId}`);
    expect(page.programmePath).toBe(
      `/einbinden/programm?organizer=${user.organizerId}&count=5&theme=auto`,
    );
    expect(page.jsonAddress).toBe(
      `http://localhost:3000/api/events/?organizer=${user.organizerId}&page_size=5`,
    );
  });

  it("makes the snippets of the chosen club, count and theme", async () => {
    const page = (await load(`?auswahl=club-${club.id}&count=8&theme=light`)) as Page;
    expect(page.errors).toEqual({});
    expect(page.frameSnippet).toBe(
      `<iframe src="http://localhost:3000/einbinden/programm?club=${club.id}&amp;count=8&amp;theme=light" ` +
        `title="Partys: Halle &quot;Neun&quot; &amp; Hof – Clubkalender" ` +
        `style="width: 100%; height: 768px; border: 0;" loading="lazy"></iframe>`,
    );
    expect(page.scriptSnippet).toBe(
      '<script src="http://localhost:3000/einbinden/programm.js" async></script>',
    );
    expect(page.jsonAddress).toBe(
      `http://localhost:3000/api/events/?location=${club.id}&page_size=8`,
    );
    const all = (await load("?auswahl=alle&count=3")) as Page;
    expect(all.programmePath).toBe("/einbinden/programm?count=3&theme=auto");
    expect(all.jsonAddress).toBe("http://localhost:3000/api/events/?page_size=3");
  });

  it("names what is wrong and still shows a working selection", async () => {
    const page = (await load("?auswahl=club-999999&count=50&theme=pink")) as Page;
    expect(page.errors).toEqual({
      auswahl: "Ungültige Auswahl.",
      count: "Bitte gib eine Zahl von 1 bis 20 ein.",
      theme: "Ungültige Auswahl.",
    });
    expect(page.programmePath).toBe("/einbinden/programm?count=5&theme=auto");
  });

  it("sends anonymous visitors to the login", async () => {
    const answer = await load("", null);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toContain("/user/login");
  });
});
