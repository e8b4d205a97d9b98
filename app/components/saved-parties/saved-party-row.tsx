import { Link } from "react-router";
import { formatTime } from "#common/dates.ts";
import type { SavedParty } from "#common/schemas/saved-parties.ts";
import { SaveHeart } from "./save-heart.tsx";

/** One saved party on "Gemerkt": time, title, place and address, and its heart to remove it. */
export function SavedPartyRow({ party, timeZone }: { party: SavedParty; timeZone: string }) {
  return (
    <li className="relative flex items-center gap-3 rounded-2xl border border-line bg-card p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="tabular text-sm font-semibold text-muted">
          <time dateTime={party.start}>{formatTime(new Date(party.start), timeZone)} Uhr</time>
          {party.cancelled ? (
            <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-paper">
              Abgesagt
            </span>
          ) : null}
        </p>
        <h3 className="text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={party.path}
            className={`hover:underline ${party.cancelled ? "line-through decoration-2" : ""}`}
          >
            {party.title}
          </Link>
        </h3>
        {party.place || party.address ? (
          <p className="text-sm text-muted [overflow-wrap:anywhere]">
            {[party.place, party.address].filter(Boolean).join(" · ")}
          </p>
        ) : null}
      </div>
      <SaveHeart variant="card" party={() => party} />
    </li>
  );
}
