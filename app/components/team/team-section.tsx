import { useEffect } from "react";
import { Form } from "react-router";
import { organizerPath } from "#common/urls.ts";
import { teamInvitationSchema, teamRoleLabels, type TeamRole } from "#common/schemas/team.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { RadioGroupField } from "#app/components/forms/radio-group-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import type { FormResult } from "#app/lib/form-result.ts";

/** What the team page's actions answer: which profile's form it was about. */
export type TeamResult = FormResult & { organizerId?: number };

export interface TeamView {
  organizer: { id: number; name: string; slug: string };
  owner: boolean;
  roleLabel: string;
  members: {
    userId: number;
    displayName: string;
    email: string | null;
    roleLabel: string;
    since: string;
  }[];
  invitations: { id: number; email: string; roleLabel: string; until: string }[];
}

const roleOptions = (["member", "owner"] as const satisfies readonly TeamRole[]).map((role) => ({
  value: role,
  label: teamRoleLabels[role],
}));

const smallButton =
  "min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:border-accent";

/** One row button of the team page: a post with the profile, the intent and one id. */
function RowAction(props: {
  csrfToken: string;
  organizerId: number;
  intent: string;
  field?: { name: string; value: number };
  label: string;
  accessibleLabel: string;
}) {
  return (
    <Form method="post">
      <CsrfField token={props.csrfToken} />
      <input type="hidden" name="organizer" value={props.organizerId} />
      {props.field ? (
        <input type="hidden" name={props.field.name} value={props.field.value} />
      ) : null}
      <button
        type="submit"
        name="intent"
        value={props.intent}
        aria-label={props.accessibleLabel}
        className={smallButton}
      >
        {props.label}
      </button>
    </Form>
  );
}

function InviteForm(props: {
  organizerId: number;
  csrfToken: string;
  result: TeamResult | undefined;
}) {
  const form = useValidatedForm<{ email: string; role: TeamRole }>({
    schema: teamInvitationSchema,
    defaultValues: { email: "", role: "member" },
    result: props.result?.intent === "invite" ? props.result : undefined,
  });
  // Sent: the form is empty again for the next invitation.
  const { reset } = form;
  const sent = props.result?.intent === "invite" && props.result.success !== undefined;
  useEffect(() => {
    if (sent) reset({ email: "", role: "member" });
  }, [sent, props.result, reset]);
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      className="flex flex-col gap-4 rounded-xl border border-line bg-card p-4"
    >
      <h3 className="text-lg font-bold">Jemanden einladen</h3>
      <CsrfField token={props.csrfToken} />
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="organizer" value={props.organizerId} />
      <TextField
        id={`email-${props.organizerId}`}
        label="E-Mail-Adresse"
        type="email"
        inputMode="email"
        autoComplete="off"
        hint="Wir schicken einen Link, der sieben Tage gilt. Angenommen werden kann er nur mit dem Konto zu dieser Adresse."
        {...form.field("email")}
      />
      <RadioGroupField legend="Rolle" options={roleOptions} {...form.field("role")} />
      <div>
        <SubmitButton>Einladen</SubmitButton>
      </div>
    </form>
  );
}

/** One organiser profile's team: members, open invitations, and what the viewer may do. */
export function TeamSection({
  team,
  userId,
  csrfToken,
  result,
}: {
  team: TeamView;
  userId: number;
  csrfToken: string;
  result: TeamResult | undefined;
}) {
  const { organizer } = team;
  const headingId = `team-${organizer.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        <a href={organizerPath(organizer)} className="underline-offset-4 hover:underline">
          {organizer.name}
        </a>
      </h2>
      <p className="text-sm text-muted">Deine Rolle: {team.roleLabel}</p>
      <ul className="flex flex-col gap-2" aria-label={`Team von ${organizer.name}`}>
        {team.members.map((member) => (
          <li
            key={member.userId}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-card px-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold">
                {member.displayName}
                {member.userId === userId ? " (Du)" : ""}
              </p>
              <p className="text-sm break-all text-muted">
                {[member.roleLabel, member.email, `dabei seit ${member.since}`]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            {team.owner && member.userId !== userId ? (
              <RowAction
                csrfToken={csrfToken}
                organizerId={organizer.id}
                intent="remove"
                field={{ name: "member", value: member.userId }}
                label="Entfernen"
                accessibleLabel={`${member.displayName} aus dem Team entfernen`}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {team.invitations.length > 0 ? (
        <>
          <h3 className="text-lg font-bold">Offene Einladungen</h3>
          <ul className="flex flex-col gap-2">
            {team.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line px-4 py-3"
              >
                <p className="min-w-0 text-sm break-all">
                  {invitation.email} · {invitation.roleLabel} · gilt bis {invitation.until}
                </p>
                <RowAction
                  csrfToken={csrfToken}
                  organizerId={organizer.id}
                  intent="withdraw"
                  field={{ name: "invitation", value: invitation.id }}
                  label="Zurückziehen"
                  accessibleLabel={`Einladung an ${invitation.email} zurückziehen`}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {team.owner ? (
        <InviteForm organizerId={organizer.id} csrfToken={csrfToken} result={result} />
      ) : null}
      <RowAction
        csrfToken={csrfToken}
        organizerId={organizer.id}
        intent="leave"
        label="Team verlassen"
        accessibleLabel={`Team von ${organizer.name} verlassen`}
      />
    </section>
  );
}
