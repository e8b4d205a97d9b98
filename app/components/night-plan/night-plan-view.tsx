import { Link } from "react-router";
import {
  mapPlatformOf,
  routeUrl,
  walkingRouteUrl,
  type MapPlace,
  type MapPlatform,
} from "#common/directions.ts";
import { nightHeading } from "#common/night-headings.ts";
import {
  planNights,
  setTimesText,
  walkText,
  type PlanEntry,
  type PlanStep,
} from "#common/night-plan.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * A Nachtplan (decision 0223): per party night the sets in time order, clashes and moved sets
 * marked, and between two places the walk with a Route link into the visitor's map app. The
 * owner's plan offers "Entfernen" per set (`onRemove`); a shared copy is read-only.
 */
export function NightPlanView({
  entries,
  timeZone,
  tonight,
  onRemove,
}: {
  entries: PlanEntry[];
  timeZone: string;
  /** The party night "today" is (headings say "Heute", "Morgen"). */
  tonight: string;
  onRemove?: (id: number) => void;
}) {
  // The server's HTML links OpenStreetMap's route planner; the browser knows its platform.
  const hydrated = useHydrated();
  const platform = hydrated ? mapPlatformOf(navigator.userAgent) : "other";
  return (
    <div className="flex flex-col gap-8">
      {planNights(entries, timeZone).map((night) => {
        const headingId = `nachtplan-${night.night}`;
        return (
          <section key={night.night} aria-labelledby={headingId} className="flex flex-col gap-3">
            <h2 id={headingId} className="text-xl font-black">
              {nightHeading(night.night, tonight)}
            </h2>
            <ol className="flex flex-col gap-2">
              {night.steps.map((step, index) => (
                <Step
                  key={step.set.id}
                  step={step}
                  from={index > 0 ? night.steps[index - 1]!.set.place : null}
                  timeZone={timeZone}
                  platform={platform}
                  onRemove={onRemove}
                />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

function Walk({
  step,
  from,
  platform,
}: {
  step: PlanStep;
  from: MapPlace | null;
  platform: MapPlatform;
}) {
  const { walk } = step;
  const to = step.set.place;
  if (!walk || walk.kind === "same-place" || !to) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-3 text-sm" data-testid="fussweg">
      <span aria-hidden="true">↓</span>
      <span>
        {walk.kind === "walk"
          ? `${walkText(walk)} zu ${to.name}`
          : `Weiter zu ${to.name} – die Entfernung kennen wir nicht`}
      </span>
      <a
        href={from ? walkingRouteUrl(from, to, platform) : routeUrl(to, platform)}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
      >
        Route zu {to.name}
      </a>
      {step.tight ? (
        <span className="font-semibold text-danger">
          Knapp: Der Weg dauert länger als die Pause.
        </span>
      ) : null}
    </p>
  );
}

function Step({
  step,
  from,
  timeZone,
  platform,
  onRemove,
}: {
  step: PlanStep;
  from: MapPlace | null;
  timeZone: string;
  platform: MapPlatform;
  onRemove?: (id: number) => void;
}) {
  const { set } = step;
  return (
    <li className="flex flex-col gap-2" data-testid="nachtplan-set">
      <Walk step={step} from={from} platform={platform} />
      <div
        className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl border px-3 py-2 ${step.clash ? "border-danger" : "border-line"}`}
      >
        <span className="tabular text-sm font-semibold">{setTimesText(set, timeZone)}</span>
        <span className="font-semibold">{set.artist}</span>
        <span className="text-sm text-muted">
          {[set.floor, set.place?.name].filter(Boolean).join(" · ")}
          {" · "}
          <Link to={set.party.path} className="underline underline-offset-4">
            {set.party.title}
          </Link>
        </span>
        {step.clash ? (
          <span className="text-xs font-bold uppercase text-danger">Überschneidung</span>
        ) : null}
        {step.moved ? (
          <span className="text-xs font-bold text-danger">
            verschoben: {setTimesText(step.picked, timeZone)} → {setTimesText(set, timeZone)} Uhr
          </span>
        ) : null}
        {set.party.cancelled ? (
          <span className="text-xs font-bold uppercase text-danger">Abgesagt</span>
        ) : null}
        {onRemove ? (
          <button
            type="button"
            onClick={() => onRemove(set.id)}
            aria-label={`Entfernen: ${set.artist}`}
            className="ml-auto inline-flex min-h-11 items-center rounded-full px-3 text-sm underline-offset-4 hover:underline"
          >
            Entfernen
          </button>
        ) : null}
      </div>
    </li>
  );
}
