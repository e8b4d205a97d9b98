import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "#common/messages.ts";
import { databaseId } from "#common/schemas/database-id.ts";
import { teamInvitationSchema, teamRoles } from "#common/schemas/team.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  acceptInvitation,
  inviteToTeam,
  withdrawInvitation,
} from "#server/domain/teams/team-invitations.server.ts";
import {
  leaveTeam,
  listOwnTeams,
  removeTeamMember,
} from "#server/domain/teams/team-members.server.ts";
import { requireActor, requireSession, signedInFirst } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const id = databaseId({ coerce: true, notANumber: messages.notANumber });
const role = z.enum(teamRoles);
const profileJson = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

const teamJson = z.object({
  organizer: profileJson,
  role,
  members: z.array(
    z.object({
      user: z.number().int(),
      display_name: z.string(),
      email: z.string().nullable().describe("Shown to owners only"),
      role,
      since: z.string(),
    }),
  ),
  invitations: z
    .array(z.object({ id: z.number().int(), email: z.string(), role, expires_at: z.string() }))
    .describe("Open invitations; owners only (empty for members)"),
});

/**
 * The teams of the user's organiser profiles (decision 0232): list them, invite by e-mail,
 * withdraw an invitation, remove a member, leave, and accept a mailed invitation's token.
 */
export const myTeamRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/my-teams/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "The teams of the organiser profiles the user is in, with their members",
        response: { 200: z.array(teamJson), 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const teams = await listOwnTeams(deps, user.id);
      return teams.map((team) => ({
        organizer: team.organizer,
        role: team.role,
        members: team.members.map((member) => ({
          user: member.userId,
          display_name: member.displayName,
          email: member.email,
          role: member.role,
          since: member.since.toISOString(),
        })),
        invitations: team.invitations.map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expires_at: invitation.expiresAt.toISOString(),
        })),
      }));
    },
  );

  app.post(
    "/my-teams/:id/invitations/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Invite an address into the team (owners only); the link is mailed",
        description:
          "The link is valid seven days and once, and only the account with the invited " +
          "address can accept it. 403 for a member who is no owner, 404 outside the team.",
        params: idParams,
        body: z.strictObject(teamInvitationSchema.shape),
        response: {
          201: z.object({ id: z.number().int() }),
          401: detailJson,
          403: detailJson,
          404: detailJson,
          409: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const { invitationId } = await inviteToTeam(deps, actor, request.params.id, request.body);
      return reply.code(201).send({ id: invitationId });
    },
  );

  app.delete(
    "/my-teams/:id/invitations/:invitation/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Withdraw an open invitation (owners only)",
        params: z.object({ id, invitation: id }),
        response: { 204: z.null(), 401: detailJson, 403: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      await withdrawInvitation(deps, actor, request.params.id, request.params.invitation);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/my-teams/:id/members/:user/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Remove someone from the team (owners only); their parties stay with the profile",
        params: z.object({ id, user: id }),
        response: {
          204: z.null(),
          401: detailJson,
          403: detailJson,
          404: detailJson,
          409: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      await removeTeamMember(deps, actor, request.params.id, request.params.user);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/my-teams/:id/leave/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Leave the team (not as its last owner: 409)",
        params: idParams,
        response: { 204: z.null(), 401: detailJson, 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      await leaveTeam(deps, actor, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/my-teams/invitations/accept/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Accept a mailed invitation with its token",
        description:
          "409 with the German reason for a link that is unknown or withdrawn, already used, " +
          "expired, or for another address.",
        body: z.strictObject({ token: z.string().max(200) }),
        response: {
          200: z.object({ organizer: profileJson, role }),
          401: detailJson,
          409: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const joined = await acceptInvitation(deps, actor, request.body.token);
      return { organizer: joined.profile, role: joined.role };
    },
  );
};
