import { Link } from "react-router";

export interface RunningNowItem {
  id: number;
  title: string;
  path: string;
  place: string | null;
  /** "bis 06:00", or null for a party without an end. */
  until: string | null;
  currentSet: { artist: string; floor: string; times: string } | null;
  /** Tonight's latest word from the door ("Einlassstopp", "01:30 Uhr"), or null. */
  doorWord: { text: string; time: string } | null;
}

/**
 * "Jetzt" on home (22:00–08:00): the parties running now, the soonest to end first, as one row of
 * small links under the night chips (title, club, end, the current set and its times, tonight's
 * latest word from the door with its time, decision 0221). It sits
 * above the first night without pushing it off a phone's first screen (decision 0142); wider
 * than the screen, the row scrolls sideways.
 */
export function RunningNow({ parties }: { parties: RunningNowItem[] | null }) {
  if (parties === null || parties.length === 0) return null;
  return (
    <section aria-labelledby="jetzt" className="flex items-center gap-3">
      <h2 id="jetzt" className="flex shrink-0 items-center gap-1.5 text-sm font-black uppercase">
        <span
          aria-hidden="true"
          className="size-2 rounded-full bg-accent motion-safe:animate-pulse"
        />
        Jetzt
      </h2>
      <ul className="-mr-4 flex snap-x gap-2 overflow-x-auto pr-4 sm:-mr-6 sm:pr-6 lg:mr-0 lg:flex-wrap lg:overflow-visible lg:pr-0">
        {parties.map((party) => (
          <li key={party.id} data-testid="running-now-party" className="shrink-0 snap-start">
            <Link
              to={party.path}
              className="flex items-center gap-2 whitespace-nowrap rounded-full border border-line bg-card px-3 py-1.5 text-sm hover:border-ink"
            >
              <span className="font-bold">{party.title}</span>
              <span className="text-muted">
                {[party.place, party.until].filter(Boolean).join(" · ")}
              </span>
              {party.currentSet ? (
                <span>
                  <span className="font-semibold">läuft gerade</span> {party.currentSet.artist}
                  {party.currentSet.floor ? ` (${party.currentSet.floor})` : ""}{" "}
                  <span className="tabular text-muted">{party.currentSet.times}</span>
                </span>
              ) : null}
              {party.doorWord ? (
                <span data-testid="running-now-door-word">
                  <span className="font-semibold">Tür {party.doorWord.time}:</span>{" "}
                  {party.doorWord.text}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
