import { Link } from "react-router";
import { countOf, nouns } from "#common/plural.ts";
import type { PlannedSet } from "#common/schemas/night-plan.ts";
import { nightPlanPath } from "#common/urls.ts";
import { toggleNightPlanSet, useNightPlan } from "#app/lib/night-plan-store.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * "In den Nachtplan" / "Im Nachtplan" beside a set of the timetable (decision 0223): a toggle
 * button (aria-pressed) that appears once the page has hydrated — the plan lives in the
 * browser, so the server's HTML stays the same for everybody.
 */
export function NightPlanToggle({ set }: { set: () => PlannedSet }) {
  const hydrated = useHydrated();
  const plan = useNightPlan();
  if (!hydrated || plan === null) return null;
  const entry = set();
  const planned = plan.sets.some((planned) => planned.id === entry.id);
  const label = planned ? "Im Nachtplan" : "In den Nachtplan";
  return (
    <button
      type="button"
      aria-pressed={planned}
      aria-label={`${label}: ${entry.artist}`}
      onClick={() => void toggleNightPlanSet(entry)}
      className="ml-auto inline-flex min-h-11 items-center rounded-full border border-current px-4 text-sm font-semibold aria-pressed:bg-ink aria-pressed:text-paper"
    >
      {planned ? "✓ " : "+ "}
      {label}
    </button>
  );
}

/** "Mein Nachtplan (2 Sets)" above the timetable, once the visitor planned a set. */
export function NightPlanLink() {
  const hydrated = useHydrated();
  const plan = useNightPlan();
  if (!hydrated || plan === null || plan.sets.length === 0) return null;
  return (
    <Link to={nightPlanPath} className="font-semibold underline underline-offset-4">
      Mein Nachtplan ({countOf(plan.sets.length, nouns.set)})
    </Link>
  );
}
