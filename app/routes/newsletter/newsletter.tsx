import { data, Link } from "react-router";
import { formatNight } from "#common/dates.ts";
import { fieldErrorsOf } from "#common/schemas/field-errors.ts";
import { newsletterSubscribeBody } from "#common/schemas/newsletter.ts";
import { pastIssuePath } from "#common/urls.ts";
import { listPastIssues } from "#server/domain/newsletter/past-issues.server.ts";
import { subscribe, type SignupResult } from "#server/domain/newsletter/subscribe.server.ts";
import { NewsletterForm } from "#app/components/newsletter/newsletter-form.tsx";
import { formDataOf, refusalOf } from "#app/lib/form-action.server.ts";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import type { Route } from "./+types/newsletter";

export function meta({ matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData;
  return [
    { title: pageTitle("Newsletter", site) },
    {
      name: "description",
      content: `Jeden Donnerstag die Partys des Wochenendes in ${site?.cityName ?? "Deiner Stadt"} per E-Mail.`,
    },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { deps } = context;
  const [pastIssues, settings] = await Promise.all([
    listPastIssues(deps, { page: 1, pageSize: 12 }),
    getSiteSettings(deps),
  ]);
  return {
    cityName: settings.cityName,
    sendHour: settings.newsletterSendHour,
    pastIssues: pastIssues.items.map(({ id, weekendStart }) => ({ id, weekendStart })),
  };
}

/** The form's fallback without JavaScript: the same sign-up as the API. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await formDataOf(request);
  const fields = {
    email: String(form.get("email") ?? ""),
    confirm_email: String(form.get("confirm_email") ?? "") || undefined,
    form: form.get("form") === "popup" ? ("popup" as const) : ("page" as const),
  };
  const parsed = newsletterSubscribeBody.safeParse(fields);
  if (!parsed.success) {
    return data({ fieldErrors: fieldErrorsOf(parsed.error), email: fields.email }, { status: 400 });
  }
  let signup: SignupResult;
  try {
    signup = await subscribe(context.deps, {
      email: parsed.data.email,
      honeypot: parsed.data.confirm_email,
      form: parsed.data.form ?? "page",
      client: context.session.client,
      userAgent: request.headers.get("user-agent"),
    });
  } catch (error) {
    // Too many sign-ups from this address (429): the German wait message above the form.
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ ...refusal.result, email: fields.email }, { status: refusal.status });
  }
  signup.delivery.catch((error: unknown) =>
    console.error("Newsletter confirmation mail failed", error),
  );
  return { subscribed: true as const };
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cityName, sendHour, pastIssues } = loaderData;
  return (
    <div className="flex max-w-3xl flex-col gap-10 py-6 sm:py-10">
      <header className="flex flex-col gap-4">
        <h1 className="text-4xl font-bold sm:text-6xl">Newsletter</h1>
        <p className="text-lg">
          Jeden Donnerstag gegen {sendHour} Uhr schicken wir Dir die Partys des Wochenendes in{" "}
          {cityName}: Freitag, Samstag und Sonntag, nach Nächten sortiert, Top-Events zuerst – mit
          Flyer, Club, Uhrzeit und Link zur Party. Ist am Wochenende nichts los, bekommst Du keine
          Mail.
        </p>
        <p className="text-muted">
          Kostenlos und ohne Werbung in der Anmeldung. Du bestätigst Deine Adresse einmal per E-Mail
          und kannst Dich in jeder Ausgabe mit einem Klick wieder abmelden.
        </p>
      </header>
      <section
        aria-labelledby="newsletter-anmelden"
        className="rounded-2xl border border-line bg-card p-5 sm:p-8"
      >
        <h2 id="newsletter-anmelden" className="mb-4 text-2xl font-bold">
          Jetzt anmelden
        </h2>
        <NewsletterForm form="page" result={actionData} />
      </section>
      {pastIssues.length > 0 ? (
        <section aria-labelledby="newsletter-ausgaben">
          <h2 id="newsletter-ausgaben" className="mb-4 text-2xl font-bold">
            Frühere Ausgaben
          </h2>
          <ul className="flex flex-col gap-2">
            {pastIssues.map((issue) => (
              <li key={issue.id}>
                <Link
                  to={pastIssuePath(issue.id)}
                  className="font-semibold text-accent underline underline-offset-4"
                >
                  Wochenende ab {formatNight(issue.weekendStart)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
