import { ScreenNotBuilt } from "../../components/screen-not-built.tsx";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Anmelden", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export default function Screen() {
  return <ScreenNotBuilt title="Anmelden" />;
}
