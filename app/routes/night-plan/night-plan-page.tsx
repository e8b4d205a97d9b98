import { useState } from "react";
import { Link } from "react-router";
import { partyNightOf } from "#common/dates.ts";
import { decodePlanSets, planCalendarPath, sharedPlanPath } from "#common/night-plan-link.ts";
import { reconcilePlan, type PlanEntry } from "#common/night-plan.ts";
import { countOf, nouns } from "#common/plural.ts";
import { nightPlanQuery, type PlannedSet } from "#common/schemas/night-plan.ts";
import { nightPlanPath } from "#common/urls.ts";
import { NightPlanView } from "#app/components/night-plan/night-plan-view.tsx";
import { useCurrentSets } from "#app/components/night-plan/use-current-sets.ts";
import {
  removeFromNightPlan,
  takeOverCurrentTimes,
  useNightPlan,
} from "#app/lib/night-plan-store.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { resolvePlan } from "#server/domain/night-plans/night-plan-sets.server.ts";
import type { Route } from "./+types/night-plan-page";

/**
 * The Nachtplan (decision 0223). Without `?sets=` the visitor's own plan, read from this
 * browser's storage (so the page's HTML is the same for everybody and opens offline from the
 * worker's copy); with it a friend's plan, resolved by the server and read-only: what is still
 * there, moved sets marked, and how many sets are gone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps } = context;
  const timeZone = deps.config.city.timeZone;
  const tonight = partyNightOf(deps.now(), timeZone);
  const sets = new URL(request.url).searchParams.get("sets");
  if (sets === null) return { timeZone, tonight, shared: null };
  const query = nightPlanQuery.safeParse({ sets });
  if (!query.success) {
    return {
      timeZone,
      tonight,
      shared: { entries: [], gone: 0, refused: query.error.issues[0]!.message },
    };
  }
  const { picks, unreadable } = decodePlanSets(query.data.sets);
  const { entries, gone } = await resolvePlan(deps, picks);
  return { timeZone, tonight, shared: { entries, gone: gone.length + unreadable, refused: null } };
}

/** The same for everybody: the own plan lives in the browser, a shared one in its address. */
export const headers = publicPageHeaders;

export const meta = privatePageMeta("Nachtplan");

const buttonClass =
  "inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink";

function goneText(count: number): string {
  return count === 1
    ? "1 Set aus diesem Link gibt es nicht mehr: Es wurde aus dem Line-up genommen, oder die Party ist nicht mehr online."
    : `${countOf(count, nouns.set)} aus diesem Link gibt es nicht mehr: Sie wurden aus dem Line-up genommen, oder ihre Party ist nicht mehr online.`;
}

function calendarLink(entries: PlanEntry[]) {
  return (
    <a href={planCalendarPath(entries.map((entry) => entry.set))} className={buttonClass}>
      Als Kalender speichern (.ics)
    </a>
  );
}

function SharedPlan({
  shared,
  timeZone,
  tonight,
}: {
  shared: { entries: PlanEntry[]; gone: number; refused: string | null };
  timeZone: string;
  tonight: string;
}) {
  return (
    <>
      <p className="text-lg">
        Ein geteilter Nachtplan – nur zum Ansehen. Deinen eigenen legst Du im Line-up einer Party
        mit „In den Nachtplan“ an.
      </p>
      {shared.refused ? (
        <p role="alert" className="font-semibold text-danger">
          {shared.refused}
        </p>
      ) : null}
      {shared.gone > 0 ? (
        <p role="status" className="rounded-xl border border-line p-4">
          {goneText(shared.gone)}
        </p>
      ) : null}
      {shared.entries.length > 0 ? (
        <>
          <NightPlanView entries={shared.entries} timeZone={timeZone} tonight={tonight} />
          <div className="flex flex-wrap gap-3">{calendarLink(shared.entries)}</div>
        </>
      ) : (
        <p className="text-lg">Von diesem Nachtplan ist nichts mehr übrig.</p>
      )}
    </>
  );
}

function ShareLink({ sets }: { sets: PlannedSet[] }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${sharedPlanPath(sets)}`;
  return (
    <section aria-labelledby="teilen" className="flex max-w-2xl flex-col gap-3">
      <h2 id="teilen" className="text-2xl font-black tracking-tight">
        Teilen
      </h2>
      <label className="flex flex-col gap-1">
        <span>
          Link für Deine Freund*innen – sie sehen Deinen Plan, ändern können sie ihn nicht.
        </span>
        <input
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 rounded-xl border border-line bg-paper px-3"
        />
      </label>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? "Link kopiert" : "Link kopieren"}
        </button>
      </div>
    </section>
  );
}

function OwnPlan({ timeZone }: { timeZone: string }) {
  const plan = useNightPlan();
  const current = useCurrentSets(plan?.sets ?? null);
  if (plan === null) return null;
  if (plan.sets.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
        <p className="text-lg">
          Noch nichts geplant. Tipp im Line-up einer Party auf „In den Nachtplan“, dann siehst Du
          hier Deine Sets der Nacht – mit Überschneidungen und dem Weg von Club zu Club, auch ohne
          Netz.
        </p>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
        >
          Partys heute Nacht
        </Link>
      </div>
    );
  }
  // Without an answer (offline, or still asking) the plan is what the browser kept.
  const { entries, gone } = current
    ? reconcilePlan(plan.sets, current)
    : {
        entries: plan.sets.map((set) => ({ set, picked: set, moved: false })),
        gone: [] as PlannedSet[],
      };
  const moved = entries.filter((entry) => entry.moved);
  // The visitor's clock decides "Heute": the page may be an offline copy.
  const tonight = partyNightOf(new Date(), timeZone);
  return (
    <>
      {moved.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-danger p-4">
          <p role="status" className="flex-1">
            {moved.length === 1
              ? "Ein Set Deines Plans wurde verschoben."
              : `${countOf(moved.length, nouns.set)} Deines Plans wurden verschoben.`}
          </p>
          <button
            type="button"
            className={buttonClass}
            onClick={() => void takeOverCurrentTimes(moved.map((entry) => entry.set))}
          >
            Neue Zeiten übernehmen
          </button>
        </div>
      ) : null}
      {gone.length > 0 ? (
        <section aria-labelledby="nicht-mehr" className="flex flex-col gap-2">
          <h2 id="nicht-mehr" className="text-xl font-black">
            Nicht mehr im Line-up
          </h2>
          <ul className="flex flex-col gap-1">
            {gone.map((set) => (
              <li key={set.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {set.artist} – {set.party.title}
                </span>
                <button
                  type="button"
                  onClick={() => void removeFromNightPlan([set.id])}
                  aria-label={`Entfernen: ${set.artist}`}
                  className="inline-flex min-h-11 items-center px-3 text-sm underline underline-offset-4"
                >
                  Entfernen
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {entries.length > 0 ? (
        <NightPlanView
          entries={entries}
          timeZone={timeZone}
          tonight={tonight}
          onRemove={(id) => void removeFromNightPlan([id])}
        />
      ) : null}
      {entries.length > 0 ? (
        <div className="flex flex-wrap gap-3">{calendarLink(entries)}</div>
      ) : null}
      <ShareLink sets={plan.sets} />
    </>
  );
}

export default function NightPlanPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const { shared, timeZone, tonight } = loaderData;
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
        {shared ? "Geteilter Nachtplan" : "Mein Nachtplan"}
      </h1>
      {shared ? (
        <SharedPlan shared={shared} timeZone={timeZone} tonight={tonight} />
      ) : hydrated ? (
        <OwnPlan timeZone={timeZone} />
      ) : (
        <noscript>
          <p className="text-lg">
            Dein Nachtplan liegt in Deinem Browser. Um ihn zu sehen, braucht diese Seite JavaScript.
          </p>
        </noscript>
      )}
      {shared ? (
        <p>
          <Link to={nightPlanPath} className="font-semibold underline underline-offset-4">
            Zu meinem Nachtplan
          </Link>
        </p>
      ) : null}
    </section>
  );
}
