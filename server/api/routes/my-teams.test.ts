import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

/**
 * The team API (decision 0232) as an API client uses it: an owner invites, the invited account
 * accepts the mailed token and edits the profile's party; wrong tokens, members and strangers
 * are refused with precise statuses and German details.
 */

let ctx: TestContext;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof createUser>>;
let crew: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
const tokens = { owner: "", crew: "", stranger: "" };

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-27T10:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  owner = await createUser(ctx.deps);
  crew = await createUser(ctx.deps, { email: "api-crew@example.org" });
  stranger = await createUser(ctx.deps);
  for (const [name, user] of [
    ["owner", owner],
    ["crew", crew],
    ["stranger", stranger],
  ] as const) {
    tokens[name] = (await startSession(ctx.deps, user.id, null)).access;
  }
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const call = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => app.inject({ method, url, headers: bearer(token), payload });

describe("the team API", () => {
  it("invites, accepts once, and lets the member edit the profile's party until removed", async () => {
    const club = await createClub(ctx.deps);
    const party = await createEvent(ctx.deps, {
      title: "API-Nacht",
      startsAt: "2026-12-04T22:00:00Z",
      createdById: owner.id,
      locationId: club.id,
      organizerIds: [owner.organizerId!],
    });
    const team = `/api/my-teams/${owner.organizerId}`;

    const badAddress = await call("POST", `${team}/invitations/`, tokens.owner, {
      email: "kaputt",
      role: "member",
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toEqual({ email: ["Ungültige E-Mail Adresse!"] });
    const unknownField = await call("POST", `${team}/invitations/`, tokens.owner, {
      email: crew.email,
      role: "member",
      admin: true,
    });
    expect(unknownField.statusCode).toBe(400);

    const invited = await call("POST", `${team}/invitations/`, tokens.owner, {
      email: crew.email,
      role: "member",
    });
    expect(invited.statusCode).toBe(201);
    const [mail] = await mailsTo(ctx.deps.config, crew.email);
    const token = linkParameter(mail!, "token");

    const otherAccount = await call("POST", "/api/my-teams/invitations/accept/", tokens.stranger, {
      token,
    });
    expect(otherAccount.statusCode).toBe(409);
    expect(otherAccount.json().detail).toContain(
      "gilt für die E-Mail-Adresse api-crew@example.org",
    );

    const accepted = await call("POST", "/api/my-teams/invitations/accept/", tokens.crew, {
      token,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ organizer: { id: owner.organizerId }, role: "member" });
    const twice = await call("POST", "/api/my-teams/invitations/accept/", tokens.crew, { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain("schon angenommen");

    const edit = (token: string) =>
      call("POST", `/api/events/${party.id}/`, token, {
        title: "API-Nacht mit Crew",
        start: "2026-12-04T23:00",
        location: club.id,
        organizers: [owner.organizerId],
      });
    expect((await edit(tokens.crew)).statusCode).toBe(200);

    const memberInvites = await call("POST", `${team}/invitations/`, tokens.crew, {
      email: "noch@example.org",
      role: "owner",
    });
    expect(memberInvites.statusCode).toBe(403);
    expect(memberInvites.json().detail).toBe(
      "Nur Inhaber*innen des Veranstalter-Profils können Leute einladen und entfernen.",
    );
    const strangerInvites = await call("POST", `${team}/invitations/`, tokens.stranger, {
      email: "noch@example.org",
      role: "member",
    });
    expect(strangerInvites.statusCode).toBe(404);
    const memberPromotes = await call(
      "GET",
      `/api/payments/top-event-offer/${party.id}/`,
      tokens.crew,
    );
    expect(memberPromotes.statusCode).toBe(403);

    const listed = await call("GET", "/api/my-teams/", tokens.owner);
    expect(listed.json()[0].members.map((member: { role: string }) => member.role)).toEqual([
      "owner",
      "member",
    ]);
    const lastOwnerLeaves = await call("POST", `${team}/leave/`, tokens.owner);
    expect(lastOwnerLeaves.statusCode).toBe(409);

    const removed = await call("DELETE", `${team}/members/${crew.id}/`, tokens.owner);
    expect(removed.statusCode).toBe(204);
    const afterRemoval = await edit(tokens.crew);
    expect(afterRemoval.statusCode).toBe(403);
    expect(afterRemoval.json()).toEqual({ detail: "Das ist nicht Deine Party." });
  });

  it("answers made-up ids and tokens precisely, never 500", async () => {
    const team = `/api/my-teams/${owner.organizerId}`;
    expect((await call("DELETE", `${team}/members/abc/`, tokens.owner)).statusCode).toBe(400);
    expect((await call("DELETE", `${team}/invitations/99999/`, tokens.owner)).statusCode).toBe(404);
    expect((await call("POST", "/api/my-teams/99999/leave/", tokens.owner)).statusCode).toBe(404);
    const madeUp = await call("POST", "/api/my-teams/invitations/accept/", tokens.crew, {
      token: "ausgedacht",
    });
    expect(madeUp.statusCode).toBe(409);
    expect(madeUp.json().detail).toContain("gibt es nicht (mehr)");
    expect((await app.inject({ method: "GET", url: "/api/my-teams/" })).statusCode).toBe(401);
  });
});
