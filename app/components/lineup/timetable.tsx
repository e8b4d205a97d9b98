import { Link } from "react-router";
import type { PlannedSet } from "#common/schemas/night-plan.ts";
import type { TimetableView } from "#server/domain/lineups/party-timetable.server.ts";
import { NightPlanLink, NightPlanToggle } from "#app/components/night-plan/night-plan-toggle.tsx";

const stateLabels = { now: "läuft gerade", next: "als Nächstes" } as const;

/**
 * The line-up per floor: stacked lists on phones, one column per floor from `md` on. The set
 * running now and the next one carry their labels (server-rendered by the clock). A set with a
 * start time can go into the visitor's Nachtplan (decision 0223).
 */
export function Timetable({
  timetable,
  party,
}: {
  timetable: TimetableView;
  /** The party as the Nachtplan keeps it with each set. */
  party: PlannedSet["party"] & { place: PlannedSet["place"] };
}) {
  if (timetable.floors.length === 0) return null;
  const columns = Math.min(timetable.floors.length, 3);
  return (
    <section aria-labelledby="line-up" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="line-up" className="text-2xl font-black tracking-tight">
          Line-up
        </h2>
        <NightPlanLink />
      </div>
      <div
        className={`grid gap-6 ${columns === 2 ? "md:grid-cols-2" : columns === 3 ? "md:grid-cols-3" : ""}`}
      >
        {timetable.floors.map((floor, floorIndex) => (
          <section
            key={floorIndex}
            aria-label={floor.name || "Line-up"}
            data-testid="timetable-floor"
            className="flex flex-col gap-2"
          >
            {floor.name ? <h3 className="text-lg font-bold">{floor.name}</h3> : null}
            <ol className="flex flex-col gap-1">
              {floor.sets.map((set, setIndex) => (
                <li
                  key={setIndex}
                  aria-current={set.state === "now" ? "time" : undefined}
                  className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl px-3 py-2 ${set.state === "now" ? "bg-accent text-accent-ink" : "border border-line"}`}
                >
                  {set.times ? (
                    <span className="tabular text-sm font-semibold">{set.times}</span>
                  ) : null}
                  <Link to={set.path} className="font-semibold underline-offset-4 hover:underline">
                    {set.artist}
                  </Link>
                  {set.state ? (
                    <span className="text-xs font-bold uppercase">{stateLabels[set.state]}</span>
                  ) : null}
                  {set.start ? (
                    <NightPlanToggle
                      set={() => ({
                        id: set.id,
                        artist: set.artist,
                        floor: floor.name,
                        start: set.start!,
                        end: set.end,
                        party: {
                          id: party.id,
                          title: party.title,
                          path: party.path,
                          cancelled: party.cancelled,
                        },
                        place: party.place,
                      })}
                    />
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
