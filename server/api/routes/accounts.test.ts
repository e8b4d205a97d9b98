import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { bearer, loginForTokens } from "#tests/setup/api-client.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { users } from "#server/db/schema/users.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
const start = new Date("2026-11-20T20:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext({ now: start });
  app = await buildApp({ deps: ctx.deps });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

let clientNumber = 0;
/** Each call comes from its own address unless told otherwise, so the rate limits stay out of
 * the way of tests that are not about them. */
const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  from = `192.0.2.${++clientNumber % 250}`,
) => app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: from });

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: "neu@example.org",
  password: "Bässe bis zum Morgengrauen",
  display_name: "Nachtschwärmerin",
  organizer_name: "Kollektiv Morgengrauen",
  accept_terms: true,
  ...overrides,
});

const usersNamed = (email: string) =>
  ctx.deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);

describe("registration", () => {
  it("creates an unconfirmed account with its organiser and mails a confirmation link", async () => {
    const response = await post("/api/register/", registration());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      detail: "Fast geschafft! Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.",
    });
    const [user] = await usersNamed("neu@example.org");
    expect(user).toMatchObject({ displayName: "Nachtschwärmerin", verifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.termsAcceptedAt).not.toBeNull();
    const [organizer] = await ctx.deps.db
      .select({ name: organizers.name })
      .from(organizers)
      .innerJoin(organizerMembers, eq(organizerMembers.organizerId, organizers.id))
      .where(eq(organizerMembers.userId, user!.id));
    expect(organizer?.name).toBe("Kollektiv Morgengrauen");

    // Login waits for the confirmation.
    const early = await post("/api/token/", {
      email: "neu@example.org",
      password: registration().password,
    });
    expect(early.statusCode).toBe(401);
    expect(early.json().detail).toMatch(/bestätige zuerst Deine E-Mail-Adresse/);

    const [mail] = await mailsTo(ctx.deps.config, "neu@example.org");
    const token = linkParameter(mail!, "bestaetigung");
    expect((await post("/api/register/confirm/", { token })).statusCode).toBe(200);
    expect((await post("/api/register/confirm/", { token })).statusCode).toBe(400);
    const login = await post("/api/token/", {
      email: "NEU@example.org",
      password: registration().password,
    });
    expect(login.statusCode).toBe(200);
  });

  it("answers a known address the same way and tells its owner by mail instead", async () => {
    const existing = await createUser(ctx.deps, { email: "schon-da@example.org" });
    const before = (await mailsTo(ctx.deps.config, existing.email)).length;
    const response = await post("/api/register/", registration({ email: "Schon-Da@example.org" }));
    expect(response.statusCode).toBe(201);
    expect(response.json().detail).toMatch(/^Fast geschafft!/);
    expect(await usersNamed("schon-da@example.org")).toHaveLength(1);
    const mails = await mailsTo(ctx.deps.config, existing.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toMatch(/schon ein Konto/);
  });

  it("drops a bot that filled in the honeypot without a word", async () => {
    const response = await post(
      "/api/register/",
      registration({ email: "bot@example.org", contact_email: "bot@example.org" }),
    );
    expect(response.statusCode).toBe(201);
    expect(await usersNamed("bot@example.org")).toHaveLength(0);
    expect(await mailsTo(ctx.deps.config, "bot@example.org")).toHaveLength(0);
  });

  it("gives every field its German message", async () => {
    const response = await post("/api/register/", {
      email: "keine-adresse",
      password: "kurz5",
      display_name: "",
      accept_terms: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ["Ungültige E-Mail Adresse!"],
      password: ["Das Passwort muss mindestens 8 Zeichen lang sein. (Aktuell: 5)"],
      display_name: ["Pflichtfeld"],
      accept_terms: ["Bitte stimme den Nutzungsbedingungen und der Datenschutzerklärung zu."],
    });
    const empty = await post("/api/register/", {});
    expect(empty.json()).toMatchObject({ email: ["Pflichtfeld"], password: ["Pflichtfeld"] });
  });

  it("refuses the most common passwords and accepts long ones without composition rules", async () => {
    for (const common of ["password1", "iloveyou", "sunshine", "12345678", "Football"]) {
      const response = await post(
        "/api/register/",
        registration({ email: `c-${common}@example.org`, password: common }),
      );
      expect(response.statusCode, common).toBe(400);
      expect(response.json().password[0]).toMatch(/10\.000 häufigsten/);
    }
    const long = "a".repeat(64) + " ganz ohne Ziffern oder Sonderzeichen";
    const response = await post(
      "/api/register/",
      registration({ email: "lang@example.org", password: long }),
    );
    expect(response.statusCode).toBe(201);
    expect(await usersNamed("lang@example.org")).toHaveLength(1);
  });

  it("refuses the site's city with a year and a sign (issue 25)", async () => {
    const response = await post(
      "/api/register/",
      registration({ email: "stadt@example.org", password: "Leipzig2026!" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().password[0]).toMatch(/Es ist der Name unserer Stadt/);
    expect(await usersNamed("stadt@example.org")).toHaveLength(0);
  });
});

describe("password change", () => {
  it("needs the current password and ends every session, this one included", async () => {
    const user = await createUser(ctx.deps);
    const here = await startSession(ctx.deps, user.id, "hier");
    const elsewhere = await startSession(ctx.deps, user.id, "anderswo");

    const wrong = await post(
      "/api/password_change/",
      { current_password: "nicht-das-richtige", new_password: "Ein ganz neues Passwort" },
      bearer(here.access),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ["Das aktuelle Passwort stimmt nicht."] });

    const short = await post(
      "/api/password_change/",
      { current_password: user.password, new_password: "kurz" },
      bearer(here.access),
    );
    expect(short.json()).toEqual({
      new_password: ["Das Passwort muss mindestens 8 Zeichen lang sein. (Aktuell: 4)"],
    });

    const changed = await post(
      "/api/password_change/",
      { current_password: user.password, new_password: "Ein ganz neues Passwort" },
      bearer(here.access),
    );
    expect(changed.statusCode).toBe(200);
    const myData = (access: string) =>
      app.inject({ url: "/api/my-data/", headers: bearer(access) });
    expect((await myData(here.access)).statusCode).toBe(401);
    expect((await myData(elsewhere.access)).statusCode).toBe(401);
    for (const refresh of [here.refresh, elsewhere.refresh]) {
      expect((await post("/api/token/refresh/", { refresh })).statusCode).toBe(401);
    }
    const again = await post("/api/token/", {
      email: user.email,
      password: "Ein ganz neues Passwort",
    });
    expect(again.statusCode).toBe(200);
    expect((await mailsTo(ctx.deps.config, user.email)).at(-1)!.subject).toMatch(
      /Passwort .* geändert/,
    );
  });
});

describe("password reset", () => {
  it("answers known and unknown addresses alike and mails only the known one", async () => {
    const user = await createUser(ctx.deps);
    const known = await post("/api/password_reset/", { email: user.email });
    const unknown = await post("/api/password_reset/", { email: "gibt-es-nicht@example.org" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // The link is mailed after the answer (the same time for known and unknown addresses).
    await expect.poll(async () => (await mailsTo(ctx.deps.config, user.email)).length).toBe(1);
    expect(await mailsTo(ctx.deps.config, "gibt-es-nicht@example.org")).toHaveLength(0);
  });

  it("sets a new password once per link, ends all sessions, and the link dies after an hour", async () => {
    ctx.setNow(start);
    const user = await createUser(ctx.deps);
    const session = await startSession(ctx.deps, user.id, null);
    await post("/api/password_reset/", { email: user.email });
    await expect.poll(async () => (await mailsTo(ctx.deps.config, user.email)).length).toBe(1);
    const token = linkParameter((await mailsTo(ctx.deps.config, user.email)).at(-1)!, "token");

    const reset = await post("/api/password_reset/confirm/", {
      token,
      new_password: "Neues Passwort für die Nacht",
    });
    expect(reset.statusCode).toBe(200);
    const again = await post("/api/password_reset/confirm/", {
      token,
      new_password: "Noch ein anderes Passwort",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().token[0]).toMatch(/abgelaufen oder wurde schon benutzt/);
    expect((await post("/api/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
    await loginForTokens(app, { email: user.email, password: "Neues Passwort für die Nacht" });

    await post("/api/password_reset/", { email: user.email });
    await expect.poll(async () => (await mailsTo(ctx.deps.config, user.email)).length).toBe(3);
    const late = linkParameter((await mailsTo(ctx.deps.config, user.email)).at(-1)!, "token");
    ctx.setNow(new Date(start.getTime() + 61 * 60_000));
    const expired = await post("/api/password_reset/confirm/", {
      token: late,
      new_password: "Zu spät gekommen heute",
    });
    expect(expired.statusCode).toBe(400);
    ctx.setNow(start);
  });
});

describe("my data", () => {
  it("changes the e-mail address only once the new one is confirmed", async () => {
    const user = await createUser(ctx.deps);
    const { access } = await startSession(ctx.deps, user.id, null);
    const response = await post(
      "/api/my-data/",
      {
        display_name: "Umbenannt",
        email: "neue-adresse@example.org",
        current_password: user.password,
      },
      bearer(access),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      display_name: "Umbenannt",
      email: user.email,
      email_change_pending: true,
    });
    const token = linkParameter(
      (await mailsTo(ctx.deps.config, "neue-adresse@example.org"))[0]!,
      "bestaetigung",
    );
    expect((await post("/api/register/confirm/", { token })).statusCode).toBe(200);
    // Every session from before the change is over; the new address logs in.
    expect((await app.inject({ url: "/api/my-data/", headers: bearer(access) })).statusCode).toBe(
      401,
    );
    const tokens = await loginForTokens(app, {
      email: "neue-adresse@example.org",
      password: user.password,
    });
    const after = await app.inject({ url: "/api/my-data/", headers: bearer(tokens.access) });
    expect(after.json().email).toBe("neue-adresse@example.org");
  });

  it("keeps Instagram and TikTok names without the @ and checks the links", async () => {
    const user = await createUser(ctx.deps, { withOrganizer: false });
    const { access } = await startSession(ctx.deps, user.id, null);
    const bad = await post(
      "/api/my-data/organizer/",
      { name: "", website: "javascript:alert(1)", instagram: "@nicht erlaubt!" },
      bearer(access),
    );
    expect(bad.json()).toEqual({
      name: ["Pflichtfeld"],
      website: ["Ungültige URL!"],
      instagram: ["Nur Buchstaben, Ziffern, Punkt und Unterstrich."],
    });
    const saved = await post(
      "/api/my-data/organizer/",
      { name: "Bass Kollektiv", instagram: "@bass.kollektiv", tiktok: "basskollektiv" },
      bearer(access),
    );
    expect(saved.json()).toMatchObject({ name: "Bass Kollektiv", instagram: "bass.kollektiv" });
  });

  it("exports the user's data and deletes the account with their events", async () => {
    const user = await createUser(ctx.deps);
    const { access, refresh } = await startSession(ctx.deps, user.id, null);
    const exported = await app.inject({ url: "/api/my-data/export/", headers: bearer(access) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(/attachment/);
    const data = JSON.parse(exported.body);
    expect(data.account.email).toBe(user.email);
    expect(exported.body).not.toMatch(/argon2/);

    const wrong = await app.inject({
      method: "DELETE",
      url: "/api/my-data/",
      headers: bearer(access),
      payload: { password: "falsch" },
    });
    expect(wrong.statusCode).toBe(400);
    const deleted = await app.inject({
      method: "DELETE",
      url: "/api/my-data/",
      headers: bearer(access),
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await usersNamed(user.email)).toHaveLength(0);
    expect((await post("/api/token/refresh/", { refresh })).statusCode).toBe(401);
  });
});

describe("rate limits", () => {
  it("slows down login guessing with 429 and a German message", async () => {
    const user = await createUser(ctx.deps);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await post(
        "/api/token/",
        // Another account each time: this is the limit per address (per account: 0091).
        { email: `geraten-${attempt}@example.org`, password: `geraten-${attempt}` },
        {},
        "203.0.113.7",
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          detail: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
        });
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The real user, from their own address, still gets in.
    const own = await post(
      "/api/token/",
      { email: user.email, password: user.password },
      {},
      "198.51.100.23",
    );
    expect(own.statusCode).toBe(200);
  });

  it("limits registrations and reset requests per address", async () => {
    const from = "203.0.113.99";
    const resets: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      resets.push(
        (await post("/api/password_reset/", { email: "x@example.org" }, {}, from)).statusCode,
      );
    }
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    const registrations: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      registrations.push((await post("/api/register/", { email: "kaputt" }, {}, from)).statusCode);
    }
    expect(registrations.at(-1)).toBe(429);
    expect(registrations.slice(0, 10).every((status) => status === 400)).toBe(true);
  });
});
