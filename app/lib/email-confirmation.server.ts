import type { AppLoadContext } from "react-router";
import {
  confirmationFailedMessage,
  confirmEmail,
} from "#server/domain/accounts/registration.server.ts";
import { ValidationError } from "#server/domain/errors.ts";

/** Confirms the address from a mailed link (`?bestaetigung=`) and says how it went. */
export async function confirmEmailFromLink(
  context: AppLoadContext,
  token: string,
): Promise<{ kind: "success" | "error"; text: string }> {
  try {
    const confirmed = await confirmEmail(context.deps, token);
    return {
      kind: "success",
      text:
        confirmed === "registration"
          ? "Deine E-Mail-Adresse ist bestätigt. Melde Dich jetzt an."
          : "Deine neue E-Mail-Adresse ist bestätigt.",
    };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { kind: "error", text: confirmationFailedMessage };
  }
}
