import { redirect } from "react-router";
import { formAction } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/logout";

/** POST /user/logout: ends this browser's login (the refresh token is revoked), then "/". */
export const action = (args: Route.ActionArgs) =>
  formAction(args, async () => {
    await args.context.session.signOut();
    throw redirect("/");
  });

/** Opening the address does nothing but lead home. */
export function loader() {
  throw redirect("/");
}
