import { useSyncExternalStore } from "react";
import { NIGHT_PLAN_LIMIT } from "#common/night-plan-limit.ts";
import type { PlannedSet } from "#common/schemas/night-plan.ts";
import { nightPlanPath } from "#common/urls.ts";
import { checkedLocalStorage } from "./checked-local-storage.ts";
import { showSavedPartyNotice } from "./saved-party-notice.ts";

/**
 * The Nachtplan in this browser (decision 0223): local storage under `nachtplan`, written only
 * when the visitor taps "In den Nachtplan" or removes a set — never on a page load. Each set is
 * kept as it was picked (times, party, place with coordinates), so the plan opens offline and a
 * set the organiser moves since is marked. Read back, every entry passes the shared schema,
 * which loads only once something is stored (decision 0194).
 */

export interface StoredNightPlan {
  sets: PlannedSet[];
}

const EMPTY: StoredNightPlan = { sets: [] };

const stored = checkedLocalStorage<StoredNightPlan>({
  key: "nachtplan",
  empty: EMPTY,
  isEmpty: (value) => value.sets.length === 0,
  loadCheck: async () => {
    const { validPlannedSets } = await import("#common/schemas/night-plan.ts");
    return (json) => {
      if (typeof json !== "object" || json === null) return EMPTY;
      return { sets: validPlannedSets((json as { sets?: unknown }).sets) };
    };
  },
});

/**
 * The plan; in the server's HTML and until hydration empty (pages stay the same), null for the
 * moment a stored plan waits for its check.
 */
export function useNightPlan(): StoredNightPlan | null {
  return useSyncExternalStore(stored.subscribe, stored.read, () => EMPTY);
}

const planFullText = `Dein Nachtplan hat schon ${NIGHT_PLAN_LIMIT} Sets. Entferne erst eines, bevor Du ein neues hinzufügst.`;
const storageRefusedText =
  "Dein Browser lässt uns nichts speichern. Erlaube die Website-Daten, um einen Nachtplan anzulegen.";

function write(next: StoredNightPlan): boolean {
  if (stored.write(next)) {
    showSavedPartyNotice(null);
    return true;
  }
  showSavedPartyNotice(storageRefusedText);
  return false;
}

/** "In den Nachtplan": adds the set as it is now, or takes it out again. */
export async function toggleNightPlanSet(set: PlannedSet): Promise<void> {
  const before = await stored.load();
  const planned = before.sets.some((entry) => entry.id === set.id);
  if (!planned && before.sets.length >= NIGHT_PLAN_LIMIT) {
    showSavedPartyNotice(planFullText);
    return;
  }
  const sets = planned ? before.sets.filter((entry) => entry.id !== set.id) : [...before.sets, set];
  if (write({ sets }) && !planned) {
    // The worker keeps the plan's page, so it opens without network.
    navigator.serviceWorker?.controller?.postMessage({ type: "keep-page", path: nightPlanPath });
  }
}

/** Takes sets out of the plan. */
export async function removeFromNightPlan(ids: number[]): Promise<void> {
  const before = await stored.load();
  write({ sets: before.sets.filter((entry) => !ids.includes(entry.id)) });
}

/** "Neue Zeit übernehmen": the plan keeps the sets as they are now (moved sets no longer marked). */
export async function takeOverCurrentTimes(current: PlannedSet[]): Promise<void> {
  const before = await stored.load();
  const now = new Map(current.map((set) => [set.id, set]));
  write({ sets: before.sets.map((entry) => now.get(entry.id) ?? entry) });
}
