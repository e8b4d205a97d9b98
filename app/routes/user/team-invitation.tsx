import { redirect, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { acceptInvitation, invitationFor } from "#server/domain/teams/team-invitations.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/team-invitation";

export const meta = privatePageMeta("Einladung ins Team");

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * `/user/team/einladung?token=…`: the mailed invitation into an organiser's team (decision
 * 0232). Signed-in only (the login comes back here); shows the invitation, or in German why it
 * cannot be accepted.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const token = tokenOf(request);
  const answer = await invitationFor(context.deps, user, token);
  if ("refusal" in answer) {
    return { csrfToken: context.session.csrfToken, refusal: answer.refusal, invitation: null };
  }
  const { invitation } = answer;
  return {
    csrfToken: context.session.csrfToken,
    refusal: null,
    invitation: {
      profile: invitation.profile.name,
      roleLabel: invitation.roleLabel,
      inviter: invitation.inviter,
      until: formatDateTime(invitation.expiresAt, context.deps.config.city.timeZone),
      token,
    },
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  return formAction(args, async () => {
    await acceptInvitation(args.context.deps, actorOf(user, args.context), tokenOf(args.request));
    throw redirect("/user/team?willkommen");
  });
};

export default function TeamInvitation() {
  const { csrfToken, refusal, invitation } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Einladung ins Team</h1>
      <FormAlert kind="error">{refusal ?? result?.formError}</FormAlert>
      {invitation && !result?.formError ? (
        <>
          <p>
            {invitation.inviter ?? "Das Team"} lädt Dich ins Team von „{invitation.profile}“ ein,
            als {invitation.roleLabel}. Danach kannst Du die Partys des Profils eintragen und
            bearbeiten; sie bleiben beim Profil, auch wenn Du das Team später verlässt.
          </p>
          <p className="text-sm text-muted">Die Einladung gilt bis {invitation.until}.</p>
          <form method="post" className="flex flex-col gap-5">
            <CsrfField token={csrfToken} />
            <SubmitButton>Einladung annehmen</SubmitButton>
          </form>
        </>
      ) : null}
    </section>
  );
}
