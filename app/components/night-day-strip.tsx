import { Link } from "react-router";
import { DAY_STRIP_NIGHTS } from "#common/constants.ts";
import { weekendNights } from "#common/dates.ts";
import { nightLabel, upcomingNights } from "#common/night-headings.ts";

const weekdayFormat = new Intl.DateTimeFormat("de-DE", { timeZone: "UTC", weekday: "short" });
const dayFormat = new Intl.DateTimeFormat("de-DE", {
  timeZone: "UTC",
  day: "numeric",
  month: "numeric",
});

const rangeHref = (from: string, to: string) => `/?date_from=${from}&date_to=${to}`;

/** The next 14 nights and "Wochenende" one tap away (DESIGN.md: time is the navigation). */
export function NightDayStrip({
  tonight,
  selected,
}: {
  tonight: string;
  selected: { from?: string; to?: string };
}) {
  const weekend = weekendNights(new Date(`${tonight}T12:00:00Z`), "UTC");
  const weekendFrom = weekend[0]!;
  const weekendTo = weekend.at(-1)!;
  const isSelected = (from: string, to: string) => selected.from === from && selected.to === to;
  const chip = (active: boolean) =>
    `flex min-h-11 shrink-0 snap-start flex-col items-center justify-center rounded-xl border px-3 py-1 text-center leading-tight ${
      active ? "border-accent bg-accent text-accent-ink" : "border-line bg-card hover:border-ink"
    }`;
  return (
    <nav
      aria-label="Nächte"
      className="-mx-4 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <ul className="flex snap-x gap-2">
        <li>
          <Link
            to={rangeHref(weekendFrom, weekendTo)}
            aria-current={isSelected(weekendFrom, weekendTo) ? "page" : undefined}
            className={`${chip(isSelected(weekendFrom, weekendTo))} font-bold`}
          >
            Wochenende
          </Link>
        </li>
        {upcomingNights(tonight, DAY_STRIP_NIGHTS).map((night) => {
          const label = nightLabel(night, tonight);
          const date = new Date(`${night}T12:00:00Z`);
          const active = isSelected(night, night);
          return (
            <li key={night}>
              <Link
                to={rangeHref(night, night)}
                aria-current={active ? "page" : undefined}
                className={chip(active)}
              >
                <span className="text-sm font-semibold">
                  {label === "Heute" || label === "Morgen" ? label : weekdayFormat.format(date)}
                </span>
                <span className="tabular text-xs">{dayFormat.format(date)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
