import { useEffect } from "react";
import { useLocation } from "react-router";
import { FAQ_ANCHOR_SCROLL_DELAY_MS } from "#common/constants.ts";
import { getFaq } from "#server/domain/pages/faq.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import { adminPaths } from "#common/urls.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/faq";

export const handle = {
  adminEdit: () => ({ to: adminPaths.editPage("faq"), label: "FAQ bearbeiten" }),
} satisfies AdminEditHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return await orNotFound(getFaq(context.deps));
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(data?.title ?? "Häufige Fragen", matches[0]?.loaderData) },
    {
      name: "description",
      content:
        "Antworten auf die häufigsten Fragen: Partys finden, eintragen, Top-Events, Newsletter.",
    },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

/**
 * SPEC §2: a link to a question opens it and scrolls to it 700 ms later, once the opening has
 * settled.
 */
function useFaqAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const item = id ? document.getElementById(id) : null;
    if (!(item instanceof HTMLDetailsElement)) return;
    item.open = true;
    const timer = setTimeout(() => item.scrollIntoView(), FAQ_ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash]);
}

export default function Faq({ loaderData: { title, items } }: Route.ComponentProps) {
  useFaqAnchor();
  return (
    <article className="py-6 sm:py-10">
      <h1 className="mb-8 text-4xl font-bold sm:text-6xl">{title}</h1>
      <div className="flex max-w-3xl flex-col gap-3">
        {items.map((item) => (
          <details
            key={item.id}
            id={item.id}
            data-reveal
            className="group rounded-2xl border border-line bg-card open:border-accent"
          >
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-display text-lg font-bold">
              <span dangerouslySetInnerHTML={{ __html: item.question }} />
              <span
                aria-hidden="true"
                className="text-2xl text-accent transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div
              className="prose-page px-5 pb-5"
              dangerouslySetInnerHTML={{ __html: item.answerHtml }}
            />
          </details>
        ))}
      </div>
    </article>
  );
}
