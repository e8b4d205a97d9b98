import { data, redirect, type AppLoadContext } from "react-router";
import { csrfFailedMessage } from "#server/http/csrf.ts";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import type { Actor } from "#server/domain/events/event-ownership.server.ts";
import { loginPath } from "./return-path.ts";

/**
 * The user area's guards (SPEC §6): /user/* and /events/* want a login and send anonymous
 * visitors to /user/login, remembering where they were.
 */
export function requireUser(request: Request, context: AppLoadContext): SessionUser {
  const user = context.session.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`));
  }
  return user;
}

export function actorOf(user: SessionUser, context: AppLoadContext): Actor {
  return { id: user.id, role: user.role, ip: context.session.ip };
}

/** Forms of the site send the csrftoken cookie's value back in their `csrf` field. */
export function requireCsrf(context: AppLoadContext, submitted: unknown): void {
  if (!context.session.checkCsrf(submitted)) {
    throw data({ formError: csrfFailedMessage, fieldErrors: {} }, { status: 403 });
  }
}

/** A form's submission as a plain object: text fields as strings, checkboxes as booleans. */
export function formValues(
  formData: FormData,
  checkboxes: string[] = [],
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== "csrf" && key !== "intent") values[key] = value;
  }
  for (const name of checkboxes) values[name] = formData.get(name) === "on";
  return values;
}

export const tooManyAttemptsMessage = (seconds: number) =>
  `Zu viele Versuche. Bitte warte ${seconds > 90 ? `${Math.ceil(seconds / 60)} Minuten` : `${seconds} Sekunden`} und versuche es dann erneut.`;
