import { addDays, weekdayOf } from "./dates.ts";

/**
 * The days a party series falls on (decision 0230): every week, every two weeks, or monthly on
 * the n-th (or last) weekday of the anchor day, until a day or open-ended. Days are calendar days
 * "YYYY-MM-DD" in the city; the time of day is kept as wall-clock time by the caller, so a 23:00
 * party stays at 23:00 across the clock changes.
 */

export const repeatFrequencies = ["weekly", "biweekly", "monthly"] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];

export const monthWeeks = ["1", "2", "3", "4", "last"] as const;
export type MonthWeek = (typeof monthWeeks)[number];

export interface SeriesRule {
  frequency: RepeatFrequency;
  /** For "monthly": which of the month's weekdays like the anchor's. */
  monthWeek: MonthWeek | null;
  /** The first day; its weekday is the series' weekday. */
  anchorDay: string;
  /** The last day a party may fall on (inclusive), or null: open-ended. */
  untilDay: string | null;
}

/** A series with an end day holds at most this many parties; an open-ended one is kept filled
 * only for the window below. */
export const MAX_SERIES_PARTIES = 52;

/** How far ahead the scheduler keeps a series' parties created. */
export const SERIES_WINDOW_DAYS = 56;

const weekdayNames = [
  "Sonntag",
  "Montag",
  "Dienstag",
  "Mittwoch",
  "Donnerstag",
  "Freitag",
  "Samstag",
];

const ordinalNames: Record<MonthWeek, string> = {
  "1": "ersten",
  "2": "zweiten",
  "3": "dritten",
  "4": "vierten",
  last: "letzten",
};

/** The ordinals of the choice in the form: "jeden ersten …", "jeden letzten …". */
export const monthWeekLabels: Record<MonthWeek, string> = {
  "1": "Ersten",
  "2": "Zweiten",
  "3": "Dritten",
  "4": "Vierten",
  last: "Letzten",
};

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Which of its month's same weekdays a day is: "1" … "4" (a fifth counts only as "last"). */
export function monthWeeksOf(day: string): MonthWeek[] {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weeks: MonthWeek[] = [];
  const nth = Math.ceil(date / 7);
  if (nth <= 4) weeks.push(String(nth) as MonthWeek);
  if (date + 7 > daysInMonth(year, month)) weeks.push("last");
  return weeks;
}

/** Does the rule name this day? */
export function fallsOn(rule: SeriesRule, day: string): boolean {
  if (day < rule.anchorDay || (rule.untilDay !== null && day > rule.untilDay)) return false;
  if (weekdayOf(day) !== weekdayOf(rule.anchorDay)) return false;
  const weeksApart = Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${rule.anchorDay}T00:00:00Z`)) / (7 * 86_400_000),
  );
  switch (rule.frequency) {
    case "weekly":
      return true;
    case "biweekly":
      return weeksApart % 2 === 0;
    case "monthly":
      return rule.monthWeek !== null && monthWeeksOf(day).includes(rule.monthWeek);
  }
}

/**
 * The rule's days from `from` through `through` (inclusive), in order, at most `limit` of them.
 * Walks week by week, so it ends after (through − from) / 7 steps whatever the rule.
 */
export function seriesDays(rule: SeriesRule, from: string, through: string, limit = 500): string[] {
  const last = rule.untilDay !== null && rule.untilDay < through ? rule.untilDay : through;
  const days: string[] = [];
  let day = rule.anchorDay;
  if (from > day) {
    const weeks = Math.ceil(
      (Date.parse(`${from}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / (7 * 86_400_000),
    );
    day = addDays(day, weeks * 7);
  }
  for (; day <= last && days.length < limit; day = addDays(day, 7)) {
    if (fallsOn(rule, day)) days.push(day);
  }
  return days;
}

/** How many parties a series with an end day holds (null: open-ended), counting past the bound
 * only as far as needed to tell that it is too many. */
export function partiesInSeries(rule: SeriesRule): number | null {
  if (rule.untilDay === null) return null;
  return seriesDays(rule, rule.anchorDay, rule.untilDay, MAX_SERIES_PARTIES + 1).length;
}

/** The rule in words: "Jeden Freitag", "Alle zwei Wochen am Samstag", "Jeden ersten Freitag im Monat". */
export function describeRule(rule: Pick<SeriesRule, "frequency" | "monthWeek" | "anchorDay">) {
  const weekday = weekdayNames[weekdayOf(rule.anchorDay)]!;
  switch (rule.frequency) {
    case "weekly":
      return `Jeden ${weekday}`;
    case "biweekly":
      return `Alle zwei Wochen am ${weekday}`;
    case "monthly":
      return `Jeden ${ordinalNames[rule.monthWeek ?? "1"]} ${weekday} im Monat`;
  }
}
