import { ScreenNotBuilt } from "../../components/screen-not-built.tsx";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/my-ads";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Meine Anzeigen", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export default function Screen() {
  return <ScreenNotBuilt title="Meine Anzeigen" />;
}
