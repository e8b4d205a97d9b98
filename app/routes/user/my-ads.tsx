import { ScreenNotBuilt } from "#app/components/screen-not-built.tsx";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/my-ads";

export const meta = privatePageMeta("Meine Anzeigen");

/** Signed-in users only (SPEC §6); the screen itself comes with its own issue. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export default function Screen() {
  return <ScreenNotBuilt title="Meine Anzeigen" />;
}
