import { data, Form } from "react-router";
import {
  changeAlertOptOutTarget,
  optOutOfChangeAlerts,
} from "#server/domain/change-alerts/change-alerts.server.ts";
import { formDataOf } from "#app/lib/form-action.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/change-alert-mails";

export const meta = privatePageMeta("Änderungs-Mails");

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * The opt-out link of a change alert (decision 0185): the page asks, a click turns the mails off
 * (a GET changes nothing, so link scanners do no harm); the same page turns them on again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const target = await changeAlertOptOutTarget(context.deps, tokenOf(request));
  if (!target) return data({ state: "invalid" as const, email: null }, { status: 404 });
  return { state: target.wanted ? ("on" as const) : ("off" as const), email: target.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const wanted = (await formDataOf(request)).get("wanted") === "on";
  const done = await optOutOfChangeAlerts(context.deps, tokenOf(request), wanted);
  if (!done) return data({ state: "invalid" as const }, { status: 404 });
  return { state: wanted ? ("on" as const) : ("off" as const) };
}

export default function ChangeAlertMails({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const button = "min-h-11 rounded-full bg-accent px-6 font-semibold text-accent-ink";
  return (
    <section className="flex max-w-2xl flex-col items-start gap-5 py-10">
      <h1 className="text-3xl font-bold sm:text-5xl">Änderungs-Mails</h1>
      {state === "invalid" ? (
        <p className="text-lg">
          Dieser Link ist ungültig. Öffne den Link aus der letzten E-Mail noch einmal.
        </p>
      ) : state === "on" ? (
        <>
          <p className="text-lg">
            Wenn sich bei einer gemerkten Party Zeit, Club oder Line-up ändern oder sie abgesagt
            wird, schicken wir Dir eine E-Mail an <strong>{loaderData.email}</strong>.
          </p>
          <Form method="post">
            <input type="hidden" name="wanted" value="off" />
            <button type="submit" className={button}>
              Änderungs-Mails abbestellen
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="text-lg" role="status">
            Du bekommst keine Änderungs-Mails mehr. Deine gemerkten Partys bleiben gemerkt.
          </p>
          <Form method="post">
            <input type="hidden" name="wanted" value="on" />
            <button type="submit" className={button}>
              Wieder einschalten
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
