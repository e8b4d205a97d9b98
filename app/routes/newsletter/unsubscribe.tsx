import { data, Form, Link } from "react-router";
import { newsletterToken, newsletterUnsubscribeRequestSchema } from "#common/schemas/newsletter.ts";
import {
  requestUnsubscribeLink,
  unsubscribeLinkRequestedMessage,
} from "#server/domain/newsletter/unsubscribe-link-mail.server.ts";
import { unsubscribe, unsubscribeTarget } from "#server/domain/newsletter/unsubscribe.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { EmailField } from "#app/components/forms/email-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/unsubscribe";

export const meta = privatePageMeta("Newsletter abbestellen");

function tokenOf(request: Request): string | null {
  const parsed = newsletterToken.safeParse(new URL(request.url).searchParams.get("token"));
  return parsed.success ? parsed.data : null;
}

/**
 * The visible link of every mailing: one click on the page unsubscribes (decision 0042).
 * Without a link (`?token=`) the page asks for the address and mails its link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const csrfToken = context.session.csrfToken;
  const token = tokenOf(request);
  if (!new URL(request.url).searchParams.has("token")) {
    return { state: "request" as const, email: null, csrfToken };
  }
  const target = token === null ? null : await unsubscribeTarget(context.deps, token);
  if (!target) return data({ state: "invalid" as const, email: null, csrfToken }, { status: 404 });
  return {
    state: target.unsubscribed ? ("done" as const) : ("open" as const),
    email: target.email,
    csrfToken,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (!new URL(request.url).searchParams.has("token")) {
    return formAction(args, async ({ values }) => {
      const { delivery } = await requestUnsubscribeLink(
        context.deps,
        values,
        context.session.client,
      );
      delivery.catch((error: unknown) => console.error("Unsubscribe link mail failed", error));
      return { success: unsubscribeLinkRequestedMessage };
    });
  }
  const token = tokenOf(request);
  const done = token !== null && (await unsubscribe(context.deps, token));
  return data(
    { state: done ? ("done" as const) : ("invalid" as const) },
    { status: done ? 200 : 404 },
  );
}

/** Asks for the address to mail the unsubscribe link to; the answer is the same for any address. */
function RequestLinkForm({ csrfToken, result }: { csrfToken: string; result?: FormResult }) {
  const form = useValidatedForm<{ email: string }>({
    schema: newsletterUnsubscribeRequestSchema,
    defaultValues: { email: "" },
    result,
  });
  if (result?.success) return <FormAlert kind="success">{result.success}</FormAlert>;
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex w-full flex-col gap-5">
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <CsrfField token={csrfToken} />
      <EmailField {...form.field("email")} />
      <SubmitButton>Link zum Abmelden schicken</SubmitButton>
    </form>
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData && "state" in actionData ? actionData.state : loaderData.state;
  const result = actionData && "fieldErrors" in actionData ? actionData : undefined;
  return (
    <section className="flex max-w-2xl flex-col items-start gap-5 py-10">
      {state === "request" ? (
        <>
          <h1 className="text-3xl font-bold sm:text-5xl">Newsletter abbestellen</h1>
          <p className="text-lg">
            Gib die Adresse ein, an die der Newsletter kommt. Wir schicken Dir einen Link, mit dem
            Du Dich mit einem Klick abmeldest.
          </p>
          <RequestLinkForm csrfToken={loaderData.csrfToken} result={result} />
        </>
      ) : state === "open" ? (
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
            letzten Newsletter-Mail oder lass Dir einen neuen schicken.
          </p>
          <Link
            to="/newsletter/unsubscribe"
            className="font-semibold text-accent underline underline-offset-4"
          >
            Neuen Link anfordern
          </Link>
        </>
      )}
    </section>
  );
}
