import { OPEN_SET_MINUTES, type PickedTimes } from "#common/night-plan.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { buildCalendar } from "#server/domain/feeds/icalendar.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { currentPlanSets } from "./night-plan-sets.server.ts";

/**
 * A Nachtplan as an iCalendar file (decision 0223): one event per set that is still there, with
 * its current times (a moved set is where it is now), the party's revision as SEQUENCE and a UID
 * per set, so importing the plan again updates the sets instead of doubling them.
 */
export async function nightPlanCalendar(deps: DomainDeps, picks: PickedTimes[]): Promise<string> {
  const [current, { siteName }] = await Promise.all([
    currentPlanSets(
      deps,
      picks.map((pick) => pick.id),
    ),
    siteIdentity(deps),
  ]);
  const host = new URL(deps.config.publicUrl).hostname;
  const entries = picks.flatMap((pick) => {
    const found = current.get(pick.id);
    if (!found) return [];
    const { set, revision, updatedAt } = found;
    const title = `${set.artist} – ${set.party.title}`;
    return [
      {
        uid: `set-${set.id}@${host}`,
        title: set.party.cancelled ? `Abgesagt: ${title}` : title,
        start: new Date(set.start),
        end: set.end ? new Date(set.end) : null,
        sequence: revision,
        updatedAt,
        location: set.place ? [set.place.name, set.place.address].filter(Boolean).join(", ") : null,
        description: [set.floor ? `Floor: ${set.floor}` : "", `Party: ${set.party.title}`]
          .filter(Boolean)
          .join("\n"),
        url: `${deps.config.publicUrl}${set.party.path}`,
        cancelled: set.party.cancelled,
        categories: [],
      },
    ];
  });
  return buildCalendar(entries, {
    name: "Mein Nachtplan",
    description: `Mein Nachtplan – ${siteName}`,
    timeZone: deps.config.city.timeZone,
    defaultDurationHours: OPEN_SET_MINUTES / 60,
  });
}
