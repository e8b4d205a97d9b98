import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { oneTimeTokens } from "#server/db/schema/auth.ts";
import { FREE_FAILURES } from "#server/domain/attempt-ledger.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { UNSOLICITED_MAILS_PER_HOUR } from "#server/domain/unsolicited-mail.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let now = new Date("2026-11-20T20:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext({ now });
  app = await buildApp({ deps: ctx.deps });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

let address = 0;
/** Every request from another client address, as a botnet would send them. */
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url,
    payload,
    headers,
    remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
  });

const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
  ctx.setNow(now);
};

describe("login limit per account", () => {
  it("slows down guessing from many addresses, then lets the owner in once the wait is over", async () => {
    const user = await createUser(ctx.deps);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await post("/api/token/", {
        email: user.email,
        password: `rate-${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(401));
    expect(statuses.slice(FREE_FAILURES)).toEqual(Array(30 - FREE_FAILURES).fill(429));
    const waiting = await post("/api/token/", { email: user.email, password: user.password });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers["retry-after"])).toBeGreaterThan(0);
    // Never a lock that lasts: after the wait the right password works again.
    later(1);
    expect(
      (await post("/api/token/", { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it("doubles the wait with every further failure, up to 15 minutes", async () => {
    const user = await createUser(ctx.deps);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 24; attempt++) {
      const response = await post("/api/token/", { email: user.email, password: "falsch" });
      if (response.statusCode === 429) {
        waits.push(Number(response.headers["retry-after"]));
        later(Number(response.headers["retry-after"]) / 60);
      }
    }
    expect(waits.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBe(900);
    later(15);
    expect(
      (await post("/api/token/", { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it("waits the same for addresses without an account", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt++) {
      statuses.push(
        (await post("/api/token/", { email: "niemand@example.org", password: "x" })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("attempt limits on the current password", () => {
  it("counts wrong current passwords across password change and account deletion", async () => {
    const user = await createUser(ctx.deps);
    const { access } = await startSession(ctx.deps, user.id, null);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const response =
        attempt % 2 === 0
          ? await post(
              "/api/password_change/",
              { current_password: `falsch-${attempt}`, new_password: "Ein ganz neues Passwort 7" },
              bearer(access),
            )
          : await app.inject({
              method: "DELETE",
              url: "/api/my-data/",
              headers: bearer(access),
              payload: { password: `falsch-${attempt}` },
            });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
    expect(statuses.slice(FREE_FAILURES).every((status) => status === 429)).toBe(true);
  });
});

describe("mail caps per recipient", () => {
  it("sends at most a few mails an hour to one address, answering every request the same", async () => {
    const user = await createUser(ctx.deps, { email: "ueberflutet@example.org" });
    const answers = new Set<string>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const reset = await post("/api/password_reset/", { email: user.email });
      const registration = await post("/api/register/", {
        email: user.email,
        password: "Bässe bis zum Morgengrauen",
        display_name: "Flut",
        accept_terms: true,
      });
      answers.add(`${reset.statusCode} ${reset.body}`);
      answers.add(`${registration.statusCode} ${registration.body}`);
    }
    expect(answers.size).toBe(2);
    await expect
      .poll(async () => (await mailsTo(ctx.deps.config, user.email)).length)
      .toBe(UNSOLICITED_MAILS_PER_HOUR);
    later(61);
    expect((await post("/api/password_reset/", { email: user.email })).statusCode).toBe(200);
    await expect
      .poll(async () => (await mailsTo(ctx.deps.config, user.email)).length)
      .toBe(UNSOLICITED_MAILS_PER_HOUR + 1);
  });
});

describe("e-mail change", () => {
  const change = (access: string, payload: object) =>
    post("/api/my-data/", { display_name: "Neu", ...payload }, bearer(access));

  it("needs the current password (a stolen token alone is not enough)", async () => {
    const user = await createUser(ctx.deps);
    const { access } = await startSession(ctx.deps, user.id, null);
    const without = await change(access, { email: "dieb@example.org" });
    expect(without.statusCode).toBe(400);
    expect(without.json().current_password).toEqual([
      "Bitte gib Dein aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.",
    ]);
    const wrong = await change(access, { email: "dieb@example.org", current_password: "geraten" });
    expect(wrong.json().current_password).toEqual(["Das aktuelle Passwort stimmt nicht."]);
    expect(await mailsTo(ctx.deps.config, "dieb@example.org")).toHaveLength(0);
  });

  it("answers an address someone else holds like a free one, doing the same work", async () => {
    const user = await createUser(ctx.deps);
    const other = await createUser(ctx.deps);
    const { access } = await startSession(ctx.deps, user.id, null);
    /** The answer and the work one change does: links made, mail allowances taken, mails sent. */
    const observe = async (email: string) => {
      const take = vi.spyOn(ctx.deps.attempts, "take");
      const send = vi.spyOn(ctx.deps.mail, "send");
      const linksBefore = await ctx.deps.db.$count(oneTimeTokens);
      const response = await change(access, { email, current_password: user.password });
      const work = {
        links: (await ctx.deps.db.$count(oneTimeTokens)) - linksBefore,
        allowancesTaken: take.mock.calls.filter(([key]) => key.startsWith("mail:")).length,
        mailsSent: send.mock.calls.length,
      };
      take.mockRestore();
      send.mockRestore();
      return { status: response.statusCode, body: response.json(), work };
    };
    const taken = await observe(other.email);
    const free = await observe("frei@example.org");
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    expect(taken.body.email_change_pending).toBe(true);
    expect(taken.work).toEqual(free.work);
    expect(taken.work).toEqual({ links: 2, allowancesTaken: 1, mailsSent: 2 });
    // The owner of the taken address hears of it (under the mail cap), with no link to take it.
    const [notice] = await mailsTo(ctx.deps.config, other.email);
    expect(notice!.subject).toMatch(/für ein anderes Konto angegeben/);
    expect(notice!.text).not.toMatch(/bestaetigung=/);
  });

  it("tells the old address, whose link undoes the change and locks the account", async () => {
    const user = await createUser(ctx.deps);
    const { access, refresh } = await startSession(ctx.deps, user.id, null);
    await change(access, { email: "uebernahme@example.org", current_password: user.password });
    const confirm = linkParameter(
      (await mailsTo(ctx.deps.config, "uebernahme@example.org"))[0]!,
      "bestaetigung",
    );
    expect((await post("/api/register/confirm/", { token: confirm })).statusCode).toBe(200);
    // Every session from before the change is over.
    expect((await post("/api/token/refresh/", { refresh })).statusCode).toBe(401);

    const [notice] = await mailsTo(ctx.deps.config, user.email);
    expect(notice!.subject).toMatch(/E-Mail-Adresse .* soll geändert werden/);
    expect(notice!.text).toContain("uebernahme@example.org");
    const undo = await post("/api/email_change/undo/", { token: linkParameter(notice!, "token") });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().detail).toMatch(/rückgängig gemacht. Dein Konto ist gesperrt/);
    // The old address is back, and nobody can log in until the operator unlocks the account.
    const login = await post("/api/token/", { email: user.email, password: user.password });
    expect(login.statusCode).toBe(401);
    const again = await post("/api/email_change/undo/", { token: linkParameter(notice!, "token") });
    expect(again.statusCode).toBe(400);
  });
});
