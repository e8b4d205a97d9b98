import { data, redirect, type AppLoadContext } from "react-router";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
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

/**
 * The admin area's guard: anonymous visitors go to the login, signed-in users without the
 * admin role get the error page with 403.
 */
export function requireAdmin(request: Request, context: AppLoadContext): SessionUser {
  const user = requireUser(request, context);
  if (user.role !== "admin") throw data(null, { status: 403 });
  return user;
}

export function actorOf(user: SessionUser, context: AppLoadContext): Actor {
  return { id: user.id, role: user.role, ip: context.session.ip };
}
