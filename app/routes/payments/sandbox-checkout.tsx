import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { formatCents } from "#common/money.ts";
import {
  completeSandboxCheckout,
  getSandboxCheckout,
  type SandboxOutcome,
} from "#server/domain/payments/sandbox-checkout.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { notFound } from "#app/lib/route-params.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/sandbox-checkout";

export const meta = privatePageMeta("Testmodus: Zahlung");

const referenceOf = (value: string | undefined) =>
  value && /^sandbox_[a-f0-9]{24}$/.test(value) ? value : notFound();

const outcomes: readonly SandboxOutcome[] = ["pay", "cancel", "fail"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const checkout = await orNotFound(
    getSandboxCheckout(context.deps, user.id, referenceOf(params.reference)),
  );
  return {
    csrfToken: context.session.csrfToken,
    description: checkout.description,
    amount: formatCents(checkout.amountCents),
    open: checkout.status === "created",
    returnPath: `${checkout.returnPath}?bestellung=${checkout.orderId}`,
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const reference = referenceOf(args.params.reference);
  return formAction(args, async ({ intent }) => {
    const outcome = outcomes.find((candidate) => candidate === intent) ?? refuseUnknownIntent();
    const checkout = await completeSandboxCheckout(args.context.deps, user.id, reference, outcome);
    const cancelled = outcome === "cancel" ? "&abgebrochen=1" : "";
    throw redirect(`${checkout.returnPath}?bestellung=${checkout.orderId}${cancelled}`);
  });
};

const buttonClass = "inline-flex min-h-12 items-center justify-center rounded-full px-8 font-bold";

/**
 * The sandbox's checkout (no STRIPE_SECRET_KEY): clearly a test, no money moves; its buttons
 * run the very same payment handling as Stripe's webhooks.
 */
export default function SandboxCheckout() {
  const { csrfToken, description, amount, open, returnPath } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <p className="self-start rounded-full border-2 border-danger px-4 py-1 text-sm font-black tracking-wide text-danger uppercase">
        Testmodus
      </p>
      <h1 className="text-3xl font-black tracking-tight">Zahlung im Testmodus</h1>
      <p>
        Hier wird kein echtes Geld bewegt: Diese Seite steht für die Kasse des Zahlungsanbieters,
        solange keiner eingerichtet ist.
      </p>
      <dl className="flex flex-col gap-1 rounded-lg border border-line bg-card px-4 py-3">
        <dt className="text-sm text-muted">Bestellung</dt>
        <dd className="font-semibold">{description}</dd>
        <dt className="mt-2 text-sm text-muted">Betrag</dt>
        <dd className="text-2xl font-black">{amount}</dd>
      </dl>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {open ? (
        <Form method="post" className="flex flex-col gap-3">
          <CsrfField token={csrfToken} />
          <button name="intent" value="pay" className={`${buttonClass} bg-accent text-accent-ink`}>
            Bezahlen
          </button>
          <button name="intent" value="cancel" className={`${buttonClass} border border-line`}>
            Abbrechen
          </button>
          <button
            name="intent"
            value="fail"
            className={`${buttonClass} border border-danger text-danger`}
          >
            Zahlung schlägt fehl
          </button>
        </Form>
      ) : (
        <p>
          Diese Bestellung ist abgeschlossen.{" "}
          <a href={returnPath} className="font-semibold text-accent underline">
            Zurück
          </a>
        </p>
      )}
    </section>
  );
}
