import { data, Form, Link } from "react-router";
import { newsletterToken } from "#common/schemas/newsletter.ts";
import {
  confirmationState,
  confirmSubscription,
} from "#server/domain/newsletter/confirm-subscription.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/confirm-subscription";

export const meta = privatePageMeta("Anmeldung bestätigen");

function tokenOf(request: Request): string | null {
  const parsed = newsletterToken.safeParse(new URL(request.url).searchParams.get("token"));
  return parsed.success ? parsed.data : null;
}

/**
 * The link from the confirmation mail opens a page with one button: link scanners that open
 * every link in a mail must not confirm on the person's behalf (decision 0042).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const state = token === null ? "invalid" : await confirmationState(context.deps, token);
  return data({ state }, { status: state === "invalid" ? 404 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const state =
    token === null
      ? "invalid"
      : await confirmSubscription(context.deps, { token, ip: context.clientIp });
  return data({ state }, { status: state === "invalid" ? 404 : 200 });
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <section className="flex max-w-2xl flex-col items-start gap-5 py-10">
      {state === "open" ? (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Anmeldung bestätigen</h1>
          <p className="text-lg">
            Ein Klick noch, dann bekommst Du jeden Donnerstag die Partys des Wochenendes.
          </p>
          <Form method="post">
            <button
              type="submit"
              className="min-h-11 rounded-full bg-accent px-6 font-semibold text-accent-ink"
            >
              Ja, ich möchte den Newsletter bekommen
            </button>
          </Form>
        </>
      ) : state === "confirmed" ? (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Du bist dabei!</h1>
          <p className="text-lg">
            Deine Anmeldung ist bestätigt. Ab jetzt bekommst Du jeden Donnerstag die Partys des
            Wochenendes. Abmelden kannst Du Dich in jeder Ausgabe mit einem Klick.
          </p>
          <Link to="/" className="font-semibold text-accent underline underline-offset-4">
            Zu den Partys
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Link ungültig</h1>
          <p className="text-lg">
            Dieser Bestätigungslink ist ungültig oder abgelaufen. Melde Dich einfach noch einmal an
            – wir schicken Dir einen neuen.
          </p>
          <Link to="/newsletter" className="font-semibold text-accent underline underline-offset-4">
            Zur Newsletter-Anmeldung
          </Link>
        </>
      )}
    </section>
  );
}
