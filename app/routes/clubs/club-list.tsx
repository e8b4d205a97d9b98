import { ScreenNotBuilt } from "../../components/screen-not-built.tsx";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/club-list";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Clubs", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export default function Screen() {
  return <ScreenNotBuilt title="Clubs" />;
}
