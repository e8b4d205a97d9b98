import { Link, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { teamRoleLabels } from "#common/schemas/team.ts";
import { inviteToTeam, withdrawInvitation } from "#server/domain/teams/team-invitations.server.ts";
import {
  leaveTeam,
  listOwnTeams,
  removeTeamMember,
} from "#server/domain/teams/team-members.server.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { TeamSection, type TeamResult } from "#app/components/team/team-section.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/team";

export const meta = privatePageMeta("Team");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const timeZone = context.deps.config.city.timeZone;
  const teams = await listOwnTeams(context.deps, user.id);
  return {
    csrfToken: context.session.csrfToken,
    userId: user.id,
    welcome: new URL(request.url).searchParams.has("willkommen"),
    teams: teams.map((team) => ({
      organizer: team.organizer,
      owner: team.role === "owner",
      roleLabel: teamRoleLabels[team.role],
      members: team.members.map((member) => ({
        userId: member.userId,
        displayName: member.displayName,
        email: member.email,
        roleLabel: teamRoleLabels[member.role],
        since: formatDateTime(member.since, timeZone),
      })),
      invitations: team.invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        roleLabel: teamRoleLabels[invitation.role],
        until: formatDateTime(invitation.expiresAt, timeZone),
      })),
    })),
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const actor = actorOf(user, args.context);
  const { deps } = args.context;
  return formAction<TeamResult>(args, async ({ values, intent }) => {
    const organizerId = parsePostedId(values.organizer);
    switch (intent) {
      case "invite": {
        await inviteToTeam(deps, actor, organizerId, values);
        return {
          organizerId,
          success: `Die Einladung an ${String(values.email).trim()} ist unterwegs. Der Link gilt sieben Tage.`,
        };
      }
      case "withdraw":
        await withdrawInvitation(deps, actor, organizerId, parsePostedId(values.invitation));
        return { organizerId, success: "Die Einladung ist zurückgezogen." };
      case "remove":
        await removeTeamMember(deps, actor, organizerId, parsePostedId(values.member));
        return {
          organizerId,
          success: "Die Person ist nicht mehr im Team. Ihre Partys bleiben beim Profil.",
        };
      case "leave":
        await leaveTeam(deps, actor, organizerId);
        return { organizerId, success: "Du bist nicht mehr im Team." };
      default:
        return refuseUnknownIntent();
    }
  });
};

/**
 * The teams of the user's organiser profiles (decision 0232): who is in them, and for owners
 * inviting by e-mail, withdrawing invitations and removing members; everyone can leave.
 */
export default function TeamPage() {
  const { teams, csrfToken, userId, welcome } = useLoaderData<typeof loader>();
  const result = useActionData<TeamResult>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Team</h1>
      <p className="text-muted">
        Mit Deinem Team bearbeitet Ihr die Partys Eures Veranstalter-Profils gemeinsam. Mitglieder
        tragen Partys ein und ändern sie; Inhaber*innen laden außerdem Leute ein, nehmen sie aus dem
        Team und heben Partys hervor.
      </p>
      <FormAlert kind="success">
        {result?.success ??
          (welcome
            ? "Willkommen im Team! Die Partys des Profils findest Du jetzt unter „Meine Events“."
            : undefined)}
      </FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {teams.length === 0 ? (
        <p>
          Du hast noch kein Veranstalter-Profil.{" "}
          <Link to="/user/meine-daten" className="underline">
            Leg es unter „Meine Daten“ an
          </Link>{" "}
          oder lass Dich von einem Team einladen.
        </p>
      ) : (
        teams.map((team) => (
          <TeamSection
            key={team.organizer.id}
            team={team}
            userId={userId}
            csrfToken={csrfToken}
            result={result?.organizerId === team.organizer.id ? result : undefined}
          />
        ))
      )}
    </section>
  );
}
