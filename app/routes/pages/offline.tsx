import { partyNightOf } from "#common/dates.ts";
import { EventList } from "#app/components/event-list.tsx";
import { weekendProgramme } from "#app/lib/weekend-programme.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/offline";

/**
 * The page the service worker shows for a page it has not kept while the visitor is offline
 * (SPEC §1): the weekend's programme as of the worker's last refresh of this page.
 */
export async function loader({ context: { deps } }: Route.LoaderArgs) {
  const timeZone = deps.config.city.timeZone;
  return {
    events: await weekendProgramme(deps),
    tonight: partyNightOf(deps.now(), timeZone),
    timeZone,
    refreshedAt: deps.now().toISOString(),
  };
}

export const meta = privatePageMeta("Offline");

export default function Offline({ loaderData }: Route.ComponentProps) {
  const refreshed = new Intl.DateTimeFormat("de-DE", {
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: loaderData.timeZone,
  }).format(new Date(loaderData.refreshedAt));
  return (
    <section className="flex flex-col gap-8 py-6">
      <div className="flex max-w-2xl flex-col gap-3">
        <p className="inline-flex w-fit items-center gap-2 rounded-full bg-raised px-4 py-1.5 text-sm font-semibold">
          <span aria-hidden="true" className="size-2 rounded-full bg-danger" />
          Du bist offline
        </p>
        <h1 className="text-4xl font-bold sm:text-6xl">Das Wochenende</h1>
        <p className="text-lg text-muted">
          Diese Seite ist gerade nicht gespeichert. Hier ist das Wochenendprogramm, Stand{" "}
          <span className="tabular">{refreshed}</span> – sobald Du wieder Netz hast, geht es weiter
          wie gewohnt.
        </p>
      </div>
      <EventList
        events={loaderData.events}
        timeZone={loaderData.timeZone}
        tonight={loaderData.tonight}
      />
    </section>
  );
}
