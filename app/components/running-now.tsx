import { Link } from "react-router";

export interface RunningNowItem {
  id: number;
  title: string;
  path: string;
  place: string | null;
  /** "bis 06:00", or null for a party without an end. */
  until: string | null;
  currentSet: { artist: string; floor: string; times: string } | null;
}

/** "Jetzt" on home (22:00–08:00): the parties running now, the soonest to end first. */
export function RunningNow({ parties }: { parties: RunningNowItem[] | null }) {
  if (parties === null || parties.length === 0) return null;
  return (
    <section aria-labelledby="jetzt" className="flex flex-col gap-3">
      <h2 id="jetzt" className="text-2xl font-black tracking-tight">
        Jetzt
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {parties.map((party) => (
          <li
            key={party.id}
            data-testid="running-now-party"
            className="flex flex-col gap-1 rounded-2xl border border-line bg-card p-4"
          >
            <Link
              to={party.path}
              className="text-lg font-bold [overflow-wrap:anywhere] underline-offset-4 hover:underline"
            >
              {party.title}
            </Link>
            <p className="text-sm text-muted">
              {[party.place, party.until].filter(Boolean).join(" · ")}
            </p>
            {party.currentSet ? (
              <p className="text-sm">
                <span className="font-bold uppercase">läuft gerade</span>{" "}
                <span className="font-semibold">{party.currentSet.artist}</span>
                {party.currentSet.floor ? ` (${party.currentSet.floor})` : ""}
                {party.currentSet.times ? (
                  <span className="tabular text-muted"> {party.currentSet.times}</span>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
