import { emailField } from "./account.ts";
import { z } from "./german-errors.ts";

/** A team's roles (decision 0232) and their German names. */
export const teamRoles = ["member", "owner"] as const;
export type TeamRole = (typeof teamRoles)[number];

export const teamRoleLabels: Record<TeamRole, string> = {
  member: "Mitglied",
  owner: "Inhaber*in",
};

/** An owner's invitation into the team: the address it goes to and the role it offers. */
export const teamInvitationSchema = z.object({
  email: emailField,
  role: z.enum(teamRoles, { error: "Bitte wähle eine Rolle." }),
});

export type TeamInvitationInput = z.infer<typeof teamInvitationSchema>;
