import { formatTime } from "#common/dates.ts";
import { placeName } from "#common/party-place.ts";
import { eventPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { runningNow } from "#server/domain/listings/running-now.server.ts";
import type { RunningNowItem } from "#app/components/running-now.tsx";

/** "Jetzt" as home shows it, or null outside its hours. */
export async function runningNowItems(deps: DomainDeps): Promise<RunningNowItem[] | null> {
  const running = await runningNow(deps);
  if (running === null) return null;
  const timeZone = deps.config.city.timeZone;
  return running.map(({ event, currentSet, doorWord }) => ({
    id: event.id,
    title: event.title,
    path: eventPath(event),
    place: placeName(event),
    until: event.endsAt ? `bis ${formatTime(event.endsAt, timeZone)}` : null,
    currentSet,
    doorWord: doorWord && { text: doorWord.text, time: doorWord.time },
  }));
}
