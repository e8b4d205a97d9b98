import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { organizerMembers } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { deleteAccount } from "#server/domain/accounts/account-deletion.server.ts";
import {
  ConflictError,
  NotFoundError,
  NotYoursError,
  PermissionDeniedError,
  ValidationError,
} from "#server/domain/errors.ts";
import {
  cancelEvent,
  createEvent as saveNewEvent,
  updateEvent,
} from "#server/domain/events/event-commands.server.ts";
import { listOwnEvents } from "#server/domain/events/own-events.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { topEventOffer } from "#server/domain/payments/top-event-orders.server.ts";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import {
  acceptInvitation,
  invitationFor,
  invitationRefusals,
  inviteToTeam,
  withdrawInvitation,
} from "./team-invitations.server.ts";
import { ownersOnlyMessage } from "./team-access.server.ts";
import { leaveTeam, listOwnTeams, removeTeamMember } from "./team-members.server.ts";

/**
 * Teams of organiser profiles (issue 28, point 5; decision 0232), against the real database:
 * the mailed invitation (once, seven days, only for the invited address), what members and
 * owners may do, and that a party stays with its profile when people go.
 */

let ctx: TestContext;
beforeEach(async () => {
  // Friday 27.11.2026, 11:00 in Berlin.
  ctx = await createTestContext({ now: "2026-11-27T10:00:00Z" });
});
afterEach(() => ctx.close());

const actorOf = (user: { id: number }): Actor => ({ id: user.id, role: "user" });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as Error,
  );

/** An owner with a profile and a party of it, and a second account to invite. */
async function aTeam() {
  const owner = await createUser(ctx.deps);
  const invitee = await createUser(ctx.deps, { email: "crew@example.org" });
  const club = await createClub(ctx.deps);
  const party = await createEvent(ctx.deps, {
    title: "Kellerbeben",
    startsAt: "2026-12-04T22:00:00Z",
    createdById: owner.id,
    locationId: club.id,
    organizerIds: [owner.organizerId!],
  });
  return { owner, invitee, club, party, organizerId: owner.organizerId! };
}

/** Invites and answers the token from the mail the invitee got. */
async function invite(
  owner: { id: number },
  organizerId: number,
  email: string,
  role = "member",
): Promise<string> {
  const address = email.toLowerCase();
  const before = (await mailsTo(ctx.deps.config, address)).length;
  await inviteToTeam(ctx.deps, actorOf(owner), organizerId, { email, role });
  const mails = await mailsTo(ctx.deps.config, address);
  expect(mails).toHaveLength(before + 1);
  return linkParameter(mails.at(-1)!, "token");
}

const editForm = (clubId: number, organizerId: number, title: string) => ({
  title,
  start: "2026-12-04T23:00",
  end: "2026-12-05T06:00",
  location: clubId,
  organizers: [organizerId],
});

describe("an invitation into an organiser's team", () => {
  it("is mailed as a link the invited account accepts once; the member then edits the profile's parties", async () => {
    const { owner, invitee, club, party, organizerId } = await aTeam();
    const token = await invite(owner, organizerId, "Crew@Example.org");
    const [mail] = await mailsTo(ctx.deps.config, "crew@example.org");
    expect(mail!.subject).toContain("Einladung ins Team von „Kollektiv von");
    expect(mail!.text).toContain("gilt sieben Tage und nur einmal");
    expect(mail!.text).toContain("/user/team/einladung?token=");

    // Before accepting, the party is not theirs.
    expect(await refusal(cancelEvent(ctx.deps, actorOf(invitee), party.id))).toBeInstanceOf(
      NotYoursError,
    );
    const shown = await invitationFor(ctx.deps, invitee, token);
    expect(shown).toMatchObject({ invitation: { role: "member", roleLabel: "Mitglied" } });
    await acceptInvitation(ctx.deps, actorOf(invitee), token);

    const [membership] = await ctx.deps.db
      .select({ role: organizerMembers.role })
      .from(organizerMembers)
      .where(
        and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, invitee.id)),
      );
    expect(membership?.role).toBe("member");
    await updateEvent(
      ctx.deps,
      actorOf(invitee),
      party.id,
      editForm(club.id, organizerId, "Kellerbeben Deluxe"),
    );
    const [edited] = await ctx.deps.db.select().from(events).where(eq(events.id, party.id));
    expect(edited!.title).toBe("Kellerbeben Deluxe");
    const own = await listOwnEvents(ctx.deps, invitee.id, "upcoming", { page: 1, pageSize: 20 });
    expect(own.items.map((item) => item.title)).toContain("Kellerbeben Deluxe");
    // The party belongs to the profile: a member cannot move it to their own.
    const moved = await refusal(
      updateEvent(ctx.deps, actorOf(invitee), party.id, {
        ...editForm(club.id, invitee.organizerId!, "Meins"),
      }),
    );
    expect((moved as ValidationError).fieldErrors).toEqual({
      organizers: [
        "Ein Veranstalter-Profil können nur seine Inhaber*innen von der Party nehmen: Die Party gehört dem Profil.",
      ],
    });

    // The audit log names who did what.
    const entries = await ctx.deps.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog);
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: "organizer.invite", actor: owner.id },
        { action: "organizer.member.join", actor: invitee.id },
        { action: "event.update", actor: invitee.id },
      ]),
    );

    // Used twice: refused, also when shown.
    expect(await invitationFor(ctx.deps, invitee, token)).toEqual({
      refusal: invitationRefusals.used,
    });
    const twice = await refusal(acceptInvitation(ctx.deps, actorOf(invitee), token));
    expect(twice).toBeInstanceOf(ConflictError);
    expect(twice.message).toBe(invitationRefusals.used);
  });

  it("refuses another account, an expired link, a withdrawn one and a made-up one, in German", async () => {
    const { owner, invitee, organizerId } = await aTeam();
    const stranger = await createUser(ctx.deps, { email: "fremd@example.org" });
    const token = await invite(owner, organizerId, invitee.email);

    const otherAccount = await refusal(acceptInvitation(ctx.deps, actorOf(stranger), token));
    expect(otherAccount).toBeInstanceOf(ConflictError);
    expect(otherAccount.message).toBe(invitationRefusals.otherAccount("crew@example.org"));
    expect(
      await ctx.deps.db
        .select()
        .from(organizerMembers)
        .where(eq(organizerMembers.userId, stranger.id)),
    ).toHaveLength(1); // only their own profile

    ctx.setNow("2026-12-04T10:00:01Z");
    const expired = await refusal(acceptInvitation(ctx.deps, actorOf(invitee), token));
    expect(expired.message).toBe(invitationRefusals.expired);
    expect(expired.message).toBe(
      "Diese Einladung ist abgelaufen: Sie galt sieben Tage. Bitte das Team um eine neue.",
    );

    const fresh = await invite(owner, organizerId, invitee.email);
    const [open] = (await listOwnTeams(ctx.deps, owner.id))[0]!.invitations;
    await withdrawInvitation(ctx.deps, actorOf(owner), organizerId, open!.id);
    expect((await refusal(acceptInvitation(ctx.deps, actorOf(invitee), fresh))).message).toBe(
      invitationRefusals.unknown,
    );
    expect(
      (await refusal(acceptInvitation(ctx.deps, actorOf(invitee), "ausgedacht"))).message,
    ).toBe(invitationRefusals.unknown);
    const denied = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "organizer.invitation.denied"));
    expect(denied.map((entry) => entry.actorUserId)).toEqual([
      stranger.id,
      invitee.id,
      invitee.id,
      invitee.id,
    ]);
  });

  it("refuses an address already in the team, and a new invitation replaces the open one", async () => {
    const { owner, invitee, organizerId } = await aTeam();
    const first = await invite(owner, organizerId, invitee.email);
    await invite(owner, organizerId, invitee.email);
    expect((await listOwnTeams(ctx.deps, owner.id))[0]!.invitations).toHaveLength(1);
    expect((await refusal(acceptInvitation(ctx.deps, actorOf(invitee), first))).message).toBe(
      invitationRefusals.unknown,
    );
    const again = await refusal(
      inviteToTeam(ctx.deps, actorOf(owner), organizerId, { email: owner.email, role: "member" }),
    );
    expect(again).toBeInstanceOf(ValidationError);
    expect((again as ValidationError).fieldErrors).toEqual({
      email: ["Diese Person ist schon im Team."],
    });
  });
});

describe("what members and owners may do", () => {
  it("lets only owners invite and remove; someone outside the team does not see the profile", async () => {
    const { owner, invitee, organizerId } = await aTeam();
    await acceptInvitation(
      ctx.deps,
      actorOf(invitee),
      await invite(owner, organizerId, invitee.email),
    );
    const stranger = await createUser(ctx.deps);

    const memberInvites = await refusal(
      inviteToTeam(ctx.deps, actorOf(invitee), organizerId, {
        email: "noch@example.org",
        role: "member",
      }),
    );
    expect(memberInvites).toBeInstanceOf(PermissionDeniedError);
    expect(memberInvites.message).toBe(ownersOnlyMessage);
    const memberRemoves = await refusal(
      removeTeamMember(ctx.deps, actorOf(invitee), organizerId, owner.id),
    );
    expect(memberRemoves).toBeInstanceOf(PermissionDeniedError);
    expect(
      await refusal(
        inviteToTeam(ctx.deps, actorOf(stranger), organizerId, {
          email: "noch@example.org",
          role: "member",
        }),
      ),
    ).toBeInstanceOf(NotFoundError);
    expect(await mailsTo(ctx.deps.config, "noch@example.org")).toHaveLength(0);

    // Members see the team without addresses; owners with them.
    const [asMember] = await listOwnTeams(ctx.deps, invitee.id);
    expect(asMember!.members.map((member) => member.email)).toEqual([null, null]);
    const [asOwner] = await listOwnTeams(ctx.deps, owner.id);
    expect(asOwner!.members.map((member) => [member.role, member.email])).toEqual([
      ["owner", owner.email],
      ["member", "crew@example.org"],
    ]);
  });

  it("lets only owners (or the creator of a party without profile) book a top event", async () => {
    const { owner, invitee, party, organizerId } = await aTeam();
    await acceptInvitation(
      ctx.deps,
      actorOf(invitee),
      await invite(owner, organizerId, invitee.email),
    );
    const memberBooks = await refusal(topEventOffer(ctx.deps, actorOf(invitee), party.id));
    expect(memberBooks).toBeInstanceOf(PermissionDeniedError);
    expect(memberBooks).not.toBeInstanceOf(NotYoursError);
    expect(memberBooks.message).toBe(
      "Hervorheben können nur die Inhaber*innen des Veranstalter-Profils dieser Party.",
    );
    expect((await topEventOffer(ctx.deps, actorOf(owner), party.id)).event.id).toBe(party.id);

    // A party the member made without a profile is theirs alone, promotion included.
    const solo = await createEvent(ctx.deps, {
      title: "Eigene Nacht",
      startsAt: "2026-12-05T22:00:00Z",
      createdById: invitee.id,
    });
    expect((await topEventOffer(ctx.deps, actorOf(invitee), solo.id)).event.id).toBe(solo.id);
    expect(await refusal(topEventOffer(ctx.deps, actorOf(owner), solo.id))).toBeInstanceOf(
      NotYoursError,
    );
  });

  it("after removal the member cannot edit the profile's parties, which stay, theirs included", async () => {
    const { owner, invitee, club, party, organizerId } = await aTeam();
    await acceptInvitation(
      ctx.deps,
      actorOf(invitee),
      await invite(owner, organizerId, invitee.email),
    );
    const theirs = await saveNewEvent(ctx.deps, actorOf(invitee), {
      ...editForm(club.id, organizerId, "Von der Crew"),
      start: "2026-12-11T23:00",
      end: "",
    });
    await removeTeamMember(ctx.deps, actorOf(owner), organizerId, invitee.id);

    for (const id of [party.id, theirs.id]) {
      const refused = await refusal(
        updateEvent(ctx.deps, actorOf(invitee), id, editForm(club.id, organizerId, "Gekapert")),
      );
      expect(refused).toBeInstanceOf(NotYoursError);
    }
    const own = await listOwnEvents(ctx.deps, invitee.id, "upcoming", { page: 1, pageSize: 20 });
    expect(own.items).toEqual([]);
    const kept = await listOwnEvents(ctx.deps, owner.id, "upcoming", { page: 1, pageSize: 20 });
    expect(kept.items.map((item) => item.title)).toEqual(["Kellerbeben", "Von der Crew"]);
    const [removal] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "organizer.member.remove"));
    expect(removal).toMatchObject({ actorUserId: owner.id, details: { userId: invitee.id } });
  });

  it("a member may leave, the last owner may not; a deleted member's parties stay with the profile", async () => {
    const { owner, invitee, club, organizerId } = await aTeam();
    await acceptInvitation(
      ctx.deps,
      actorOf(invitee),
      await invite(owner, organizerId, invitee.email),
    );
    const lastOwner = await refusal(leaveTeam(ctx.deps, actorOf(owner), organizerId));
    expect(lastOwner).toBeInstanceOf(ConflictError);
    expect(lastOwner.message).toContain("Lade zuerst jemanden als Inhaber*in ein");

    const theirs = await saveNewEvent(ctx.deps, actorOf(invitee), {
      ...editForm(club.id, organizerId, "Bleibt beim Profil"),
      start: "2026-12-11T23:00",
      end: "",
    });
    await deleteAccount(ctx.deps, invitee.id, { password: invitee.password }, { ip: null });
    const [kept] = await ctx.deps.db.select().from(events).where(eq(events.id, theirs.id));
    expect(kept).toMatchObject({ title: "Bleibt beim Profil", createdById: null });
    await cancelEvent(ctx.deps, actorOf(owner), theirs.id);

    const other = await createUser(ctx.deps, { email: "zweite@example.org" });
    await acceptInvitation(
      ctx.deps,
      actorOf(other),
      await invite(owner, organizerId, other.email, "owner"),
    );
    await leaveTeam(ctx.deps, actorOf(owner), organizerId);
    expect((await listOwnTeams(ctx.deps, owner.id)).map((team) => team.organizer.id)).toEqual([]);
  });
});
