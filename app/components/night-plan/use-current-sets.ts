import { useEffect, useState } from "react";
import { encodePlanSets } from "#common/night-plan-link.ts";
import { validPlannedSets, type PlannedSet } from "#common/schemas/night-plan.ts";

/**
 * The planned sets as the line-ups have them now (GET /api/night-plan/), to mark moved and gone
 * sets in the visitor's own plan; null while asking and when there is no answer (offline: the
 * plan shows what the browser kept).
 */
export function useCurrentSets(sets: PlannedSet[] | null): Map<number, PlannedSet> | null {
  const query = sets && sets.length > 0 ? encodePlanSets(sets) : null;
  const [answer, setAnswer] = useState<{ query: string; sets: Map<number, PlannedSet> } | null>(
    null,
  );
  useEffect(() => {
    if (query === null) return;
    let current = true;
    fetch(`/api/night-plan/?sets=${query}`, { credentials: "omit", cache: "no-cache" })
      .then(async (response) => {
        if (!response.ok) return;
        const json = (await response.json()) as { items?: unknown };
        const items = Array.isArray(json.items) ? json.items : [];
        const found = validPlannedSets(
          items.map(({ id, artist, floor, start, end, party, place }: Record<string, unknown>) => ({
            id,
            artist,
            floor,
            start,
            end,
            party,
            place,
          })),
        );
        if (current) setAnswer({ query, sets: new Map(found.map((set) => [set.id, set])) });
      })
      .catch(() => {
        // Offline or unreachable: the plan shows what the browser kept.
      });
    return () => {
      current = false;
    };
  }, [query]);
  return answer && answer.query === query ? answer.sets : null;
}
