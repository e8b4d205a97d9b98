import { ScreenNotBuilt } from "../../components/screen-not-built.tsx";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/my-data";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Meine Daten", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export default function Screen() {
  return <ScreenNotBuilt title="Meine Daten" />;
}
