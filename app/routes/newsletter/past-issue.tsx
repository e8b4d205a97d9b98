import { Link } from "react-router";
import { getPastIssue } from "#server/domain/newsletter/past-issues.server.ts";
import { IssueNights } from "#app/components/newsletter/issue-nights.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/past-issue";

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(data?.issue.subject ?? "Newsletter", matches[0]?.loaderData) },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const issue = await orNotFound(getPastIssue(context.deps, parseId(params.id)));
  return { issue, timeZone: context.deps.config.city.timeZone };
}

export default function PastIssue({ loaderData }: Route.ComponentProps) {
  const { issue, timeZone } = loaderData;
  return (
    <article className="flex flex-col gap-8 py-6 sm:py-10">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase text-muted">Newsletter-Ausgabe</p>
        <h1 className="text-3xl font-bold sm:text-5xl">{issue.subject}</h1>
        <Link to="/newsletter" className="font-semibold text-accent underline underline-offset-4">
          Newsletter bestellen
        </Link>
      </header>
      <IssueNights content={issue.content} timeZone={timeZone} />
    </article>
  );
}
