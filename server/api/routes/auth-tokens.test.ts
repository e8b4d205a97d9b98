import type { FastifyInstance } from "fastify";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { createUser } from "#tests/factories/users.ts";
import { asBearer, bearer, loginForTokens } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

/** The token attack suite: every way to sneak past the login must end in 401 (or 403). */

let ctx: TestContext;
let app: FastifyInstance;
let user: Awaited<ReturnType<typeof createUser>>;
const start = new Date("2026-11-20T20:00:00Z");
const minutes = (count: number) => new Date(start.getTime() + count * 60_000);

beforeAll(async () => {
  ctx = await createTestContext({ now: start });
  app = await buildApp({ deps: ctx.deps });
  user = await createUser(ctx.deps);
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const myData = (headers: Record<string, string>) =>
  app.inject({ method: "GET", url: "/api/my-data/", headers });

/** A fresh login without going through POST /api/token/ (which is rate-limited). */
const signedIn = () => startSession(ctx.deps, user.id, "vitest");

const secret = () => new TextEncoder().encode(ctx.deps.config.tokenSecret);

function claims(type: "access" | "refresh", sessionId: string) {
  return { typ: type, sid: sessionId, sub: String(user.id), jti: "forged" };
}

async function sessionIdOf(access: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(access.split(".")[1]!, "base64url").toString());
  return payload.sid as string;
}

describe("login", () => {
  it("trades e-mail and password for an access and a refresh token", async () => {
    ctx.setNow(start);
    const tokens = await loginForTokens(app, user);
    const response = await myData(bearer(tokens.access));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("answers a wrong password and an unknown address alike", async () => {
    for (const payload of [
      { email: user.email, password: "falsch-falsch-falsch" },
      { email: "niemand@example.org", password: "falsch-falsch-falsch" },
    ]) {
      const response = await app.inject({ method: "POST", url: "/api/token/", payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: "E-Mail-Adresse oder Passwort ist falsch." });
    }
  });

  it("wants a bearer token or cookies for the user's data", async () => {
    expect((await myData({})).statusCode).toBe(401);
    expect((await myData({ authorization: "Basic Zm9vOmJhcg==" })).statusCode).toBe(401);
  });
});

describe("forged and misused access tokens", () => {
  it("refuses alg: none", async () => {
    ctx.setNow(start);
    const { access } = await signedIn();
    const forged = new UnsecuredJWT(claims("access", await sessionIdOf(access)))
      .setIssuer(ctx.deps.config.publicUrl)
      .setIssuedAt(Math.floor(start.getTime() / 1000))
      .setExpirationTime(Math.floor(start.getTime() / 1000) + 600)
      .encode();
    const response = await myData(bearer(forged));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: "Das Anmelde-Token ist ungültig oder abgelaufen." });
  });

  it("refuses another algorithm, even with the right secret", async () => {
    const { access } = await signedIn();
    const forged = await new SignJWT(claims("access", await sessionIdOf(access)))
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer(ctx.deps.config.publicUrl)
      .setIssuedAt(Math.floor(start.getTime() / 1000))
      .setExpirationTime(Math.floor(start.getTime() / 1000) + 600)
      .sign(secret());
    expect((await myData(bearer(forged))).statusCode).toBe(401);
  });

  it("refuses a token signed with another secret and a tampered payload", async () => {
    const { access } = await signedIn();
    const otherSecret = await new SignJWT(claims("access", await sessionIdOf(access)))
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ctx.deps.config.publicUrl)
      .setIssuedAt(Math.floor(start.getTime() / 1000))
      .setExpirationTime(Math.floor(start.getTime() / 1000) + 600)
      .sign(new TextEncoder().encode("a-completely-different-secret-of-enough-length"));
    expect((await myData(bearer(otherSecret))).statusCode).toBe(401);

    const [header, payload, signature] = access.split(".");
    const changed = JSON.parse(Buffer.from(payload!, "base64url").toString());
    changed.sub = String(user.id + 1000);
    const tampered = `${header}.${Buffer.from(JSON.stringify(changed)).toString("base64url")}.${signature}`;
    expect((await myData(bearer(tampered))).statusCode).toBe(401);
  });

  it("refuses an expired access token", async () => {
    ctx.setNow(start);
    const { access } = await signedIn();
    ctx.setNow(minutes(14));
    expect((await myData(bearer(access))).statusCode).toBe(200);
    ctx.setNow(minutes(16));
    expect((await myData(bearer(access))).statusCode).toBe(401);
    ctx.setNow(start);
  });

  it("refuses a refresh token used as an access token", async () => {
    const { refresh } = await signedIn();
    expect((await myData(bearer(refresh))).statusCode).toBe(401);
  });

  it("refuses an access token used as a refresh token", async () => {
    const { access } = await signedIn();
    const response = await app.inject({
      method: "POST",
      url: "/api/token/refresh/",
      payload: { refresh: access },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("refresh token rotation", () => {
  const refresh = (token: string) =>
    app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh: token } });

  it("gives a new pair and uses the old refresh token up", async () => {
    ctx.setNow(start);
    const first = await signedIn();
    ctx.setNow(minutes(20));
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await myData(bearer(second.access))).statusCode).toBe(200);
    ctx.setNow(start);
  });

  it("revokes the whole family when a replaced refresh token is replayed", async () => {
    ctx.setNow(start);
    const stolen = await signedIn();
    ctx.setNow(minutes(1));
    const legitimate = (await refresh(stolen.refresh)).json();
    ctx.setNow(minutes(2));

    const replay = await refresh(stolen.refresh);
    expect(replay.statusCode).toBe(401);
    // The thief's replay ended the login: the rightful new tokens are dead too.
    expect((await refresh(legitimate.refresh)).statusCode).toBe(401);
    expect((await myData(bearer(legitimate.access))).statusCode).toBe(401);

    const entries = await ctx.deps.db.select().from(auditLog);
    expect(entries.map((entry) => entry.action)).toContain("auth.refresh_token_reused");
    ctx.setNow(start);
  });

  it("tolerates two requests racing with the same refresh token within seconds", async () => {
    ctx.setNow(start);
    const tokens = await signedIn();
    const first = await refresh(tokens.refresh);
    const racing = await refresh(tokens.refresh);
    expect(first.statusCode).toBe(200);
    expect(racing.statusCode).toBe(200);
    expect((await myData(bearer(racing.json().access))).statusCode).toBe(200);
    // The racer gets the same successor: no second valid refresh token.
    expect(racing.json().refresh).toBe(first.json().refresh);
    expect((await refresh(first.json().refresh)).statusCode).toBe(200);
  });

  it("refuses a refresh token replayed after logout, and the access token too", async () => {
    ctx.setNow(start);
    const tokens = await signedIn();
    const logout = await app.inject({
      method: "POST",
      url: "/api/token/logout",
      payload: { refresh: tokens.refresh },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    expect((await myData(bearer(tokens.access))).statusCode).toBe(401);
  });

  it("logs out with the bearer token alone", async () => {
    const tokens = await signedIn();
    const logout = await asBearer(app, tokens.access, {
      method: "POST",
      url: "/api/token/logout/",
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it("refuses an expired refresh token", async () => {
    ctx.setNow(start);
    const tokens = await signedIn();
    ctx.setNow(new Date(start.getTime() + 31 * 24 * 3_600_000));
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    ctx.setNow(start);
  });
});

describe("cookie logins of the web app", () => {
  const csrf = "a-csrf-token-of-at-least-32-characters";

  async function cookieHeader() {
    const tokens = await startSession(ctx.deps, user.id, "vitest");
    return {
      tokens,
      cookie: `auth_access_token=${tokens.access}; auth_refresh_token=${tokens.refresh}; csrftoken=${csrf}`,
    };
  }

  it("refuses a cookie-authenticated write without the CSRF header", async () => {
    ctx.setNow(start);
    const { cookie } = await cookieHeader();
    const payload = { display_name: "Neuer Name", email: user.email };
    const without = await app.inject({
      method: "POST",
      url: "/api/my-data/",
      headers: { cookie },
      payload,
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().detail).toMatch(/CSRF/);
    const wrong = await app.inject({
      method: "POST",
      url: "/api/my-data/",
      headers: { cookie, "x-csrftoken": "b-csrf-token-of-at-least-32-characters" },
      payload,
    });
    expect(wrong.statusCode).toBe(403);
    const withHeader = await app.inject({
      method: "POST",
      url: "/api/my-data/",
      headers: { cookie, "x-csrftoken": csrf },
      payload,
    });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json().display_name).toBe("Neuer Name");
  });

  it("needs no CSRF header for bearer clients", async () => {
    const { access } = await signedIn();
    const response = await asBearer(app, access, {
      method: "POST",
      url: "/api/my-data/",
      payload: { display_name: "Per Token", email: user.email },
    });
    expect(response.statusCode).toBe(200);
  });

  it("renews an expired access cookie with the refresh cookie and sets new cookies", async () => {
    ctx.setNow(start);
    const { cookie } = await cookieHeader();
    ctx.setNow(minutes(30));
    const response = await myData({ cookie });
    expect(response.statusCode).toBe(200);
    const names = response.cookies.map((set) => set.name).sort();
    expect(names).toEqual(["auth_access_token", "auth_refresh_token"]);
    const access = response.cookies.find((set) => set.name === "auth_access_token")!;
    const refresh = response.cookies.find((set) => set.name === "auth_refresh_token")!;
    expect(access).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: 31_536_000,
    });
    expect(refresh.maxAge).toBeUndefined();
    expect(refresh.httpOnly).toBe(true);
    // Served over http (PUBLIC_URL), the cookies cannot be Secure or browsers would drop them.
    expect(access.secure).toBeUndefined();
    ctx.setNow(start);
  });
});

describe("cookies on an https site", () => {
  it("are Secure", async () => {
    const httpsCtx = await createTestContext({
      now: start,
      config: { PUBLIC_URL: "https://clubkalender.example" },
    });
    const httpsApp = await buildApp({ deps: httpsCtx.deps });
    try {
      const someone = await createUser(httpsCtx.deps);
      const tokens = await startSession(httpsCtx.deps, someone.id, null);
      httpsCtx.setNow(minutes(30));
      const response = await httpsApp.inject({
        method: "GET",
        url: "/api/my-data/",
        headers: { cookie: `auth_refresh_token=${tokens.refresh}` },
      });
      expect(response.statusCode).toBe(200);
      for (const set of response.cookies) expect(set.secure).toBe(true);
    } finally {
      await httpsApp.close();
      await httpsCtx.close();
    }
  });
});
