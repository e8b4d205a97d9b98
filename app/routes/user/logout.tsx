import { redirect } from "react-router";
import { requireCsrf } from "#app/lib/session.server.ts";
import type { Route } from "./+types/logout";

/** POST /user/logout: ends this browser's login (the refresh token is revoked), then "/". */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  requireCsrf(context, formData.get("csrf"));
  await context.session.signOut();
  throw redirect("/");
}

/** Opening the address does nothing but lead home. */
export function loader() {
  throw redirect("/");
}
