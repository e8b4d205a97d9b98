import { data, Form, Link } from "react-router";
import { newsletterToken } from "#common/schemas/newsletter.ts";
import { unsubscribe, unsubscribeTarget } from "#server/domain/newsletter/unsubscribe.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/unsubscribe";

export const meta = privatePageMeta("Newsletter abbestellen");

function tokenOf(request: Request): string | null {
  const parsed = newsletterToken.safeParse(new URL(request.url).searchParams.get("token"));
  return parsed.success ? parsed.data : null;
}

/** The visible link of every mailing: one click on the page unsubscribes (decision 0042). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const target = token === null ? null : await unsubscribeTarget(context.deps, token);
  if (!target) return data({ state: "invalid" as const, email: null }, { status: 404 });
  return {
    state: target.unsubscribed ? ("done" as const) : ("open" as const),
    email: target.email,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const done = token !== null && (await unsubscribe(context.deps, token));
  return data(
    { state: done ? ("done" as const) : ("invalid" as const) },
    { status: done ? 200 : 404 },
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <section className="flex max-w-2xl flex-col items-start gap-5 py-10">
      {state === "open" ? (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Newsletter abbestellen</h1>
          <p className="text-lg">
            Möchtest Du den Newsletter für <strong>{loaderData.email}</strong> abbestellen?
          </p>
          <Form method="post">
            <button
              type="submit"
              className="min-h-11 rounded-full bg-accent px-6 font-semibold text-accent-ink"
            >
              Newsletter abbestellen
            </button>
          </Form>
        </>
      ) : state === "done" ? (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Du bist abgemeldet</h1>
          <p className="text-lg">
            Wir schicken Dir keinen Newsletter mehr. Falls Du es Dir anders überlegst, kannst Du
            Dich jederzeit wieder anmelden.
          </p>
          <Link to="/newsletter" className="font-semibold text-accent underline underline-offset-4">
            Zur Newsletter-Seite
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Link ungültig</h1>
          <p className="text-lg">
            Mit diesem Link können wir Dich leider nicht abmelden. Nimm bitte den Link aus Deiner
            letzten Newsletter-Mail oder schreib uns über das Impressum.
          </p>
          <Link to="/impressum" className="font-semibold text-accent underline underline-offset-4">
            Zum Impressum
          </Link>
        </>
      )}
    </section>
  );
}
