import { ScreenNotBuilt } from "../../components/screen-not-built.tsx";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/promote-event";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Party hervorheben", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export default function Screen() {
  return <ScreenNotBuilt title="Party hervorheben" />;
}
