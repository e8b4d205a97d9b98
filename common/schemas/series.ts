import { calendarDayOf, isIsoDay } from "#common/dates.ts";
import { messages } from "#common/messages.ts";
import {
  MAX_SERIES_PARTIES,
  monthWeeks,
  monthWeeksOf,
  partiesInSeries,
  repeatFrequencies,
  type MonthWeek,
  type RepeatFrequency,
} from "#common/series-rule.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/**
 * The event form's "Wiederholt sich" fields (decision 0230), shared by the form, the API
 * (POST /api/events/, POST /api/events/{id}/) and the domain's writes.
 */

export const seriesMessages = {
  notThatWeek: "Der Beginn liegt nicht auf diesem Wochentag im Monat.",
  untilBeforeStart: "Das Ende der Serie muss am oder nach dem Beginn liegen.",
  tooMany: `Eine Serie mit Enddatum hat höchstens ${MAX_SERIES_PARTIES} Partys. Wähle ein früheres Enddatum.`,
} as const;

export const seriesFormFields = {
  /** "" (once), "weekly", "biweekly" or "monthly". */
  repeat: z.enum(["", ...repeatFrequencies], { error: messages.invalidChoice }).default(""),
  /** For "monthly": "1" … "4" or "last" (of the start's weekday in its month). */
  repeat_week: z.enum(["", ...monthWeeks], { error: messages.invalidChoice }).default(""),
  /** The last day ("YYYY-MM-DD"), or "" for open-ended. */
  repeat_until: text().trim().max(10, messages.invalidDate).default(""),
  /** When changing a party of a series: "this" ("nur diese") or "following" ("alle folgenden"). */
  series_scope: z.enum(["this", "following"], { error: messages.invalidChoice }).default("this"),
};

export interface SeriesFormState {
  repeat?: "" | RepeatFrequency;
  repeat_week?: "" | MonthWeek;
  repeat_until?: string;
  series_scope?: "this" | "following";
}

/** The repeat the form asks for (the first day is the party's start day). */
export interface RepeatInput {
  frequency: RepeatFrequency;
  monthWeek: MonthWeek | null;
  untilDay: string | null;
}

type SeriesForm = z.output<z.ZodObject<typeof seriesFormFields>>;

/** The rules between the repeat fields and the start; adds each refusal to its field. */
export function checkRepeat(
  form: SeriesForm,
  startsAt: Date,
  timeZone: string,
  issues: z.RefinementCtx,
): void {
  if (form.repeat === "") return;
  const anchorDay = calendarDayOf(startsAt, timeZone);
  const monthWeek = form.repeat === "monthly" ? form.repeat_week : "";
  if (form.repeat === "monthly") {
    if (monthWeek === "") {
      issues.addIssue({ code: "custom", path: ["repeat_week"], message: messages.required });
      return;
    }
    if (!monthWeeksOf(anchorDay).includes(monthWeek)) {
      issues.addIssue({
        code: "custom",
        path: ["repeat_week"],
        message: seriesMessages.notThatWeek,
      });
      return;
    }
  }
  if (form.repeat_until === "") return;
  if (!isIsoDay(form.repeat_until)) {
    issues.addIssue({ code: "custom", path: ["repeat_until"], message: messages.invalidDate });
  } else if (form.repeat_until < anchorDay) {
    issues.addIssue({
      code: "custom",
      path: ["repeat_until"],
      message: seriesMessages.untilBeforeStart,
    });
  } else if (
    (partiesInSeries({
      frequency: form.repeat,
      monthWeek: monthWeek === "" ? null : monthWeek,
      anchorDay,
      untilDay: form.repeat_until,
    }) ?? 0) > MAX_SERIES_PARTIES
  ) {
    issues.addIssue({ code: "custom", path: ["repeat_until"], message: seriesMessages.tooMany });
  }
}

/** The checked repeat fields as the domain takes them (null: the party does not repeat). */
export function repeatOf(form: SeriesForm): RepeatInput | null {
  if (form.repeat === "") return null;
  return {
    frequency: form.repeat,
    monthWeek: form.repeat === "monthly" && form.repeat_week !== "" ? form.repeat_week : null,
    untilDay: form.repeat_until === "" ? null : form.repeat_until,
  };
}
