import { useState, type ChangeEvent } from "react";
import {
  LINEUP_MAX_ENTRIES,
  quickLineupEntries,
  type LineupEntryState,
} from "#common/schemas/lineup.ts";
import { inputClass } from "#app/components/forms/text-field.tsx";
import type { LineupError } from "./lineup-errors.ts";

/** Empty rows the plain form offers for new entries (without JavaScript). */
const BLANK_ROWS_WITHOUT_JS = 3;

const blank: LineupEntryState = { artist: "", floor: "", start: "", end: "" };
const smallButton =
  "min-h-11 min-w-11 shrink-0 rounded-full border border-line px-3 text-sm font-semibold hover:border-ink disabled:opacity-40";

/**
 * The event form's optional line-up: artist, floor, from–to per row, moved with up/down buttons,
 * and a quick entry of one artist per line for one floor. Without JavaScript the rows post as
 * repeated fields, a move button posts the form back reordered, and three empty rows take new
 * entries; with React the same buttons work in place (decision 0141). An entry's messages show
 * once one of its fields was changed or left, or after the form was sent (decision 0215): a
 * row just added says nothing yet.
 */
export function LineupEditor({
  entries,
  onChange,
  enhanced,
  errors,
  submitted,
}: {
  entries: LineupEntryState[];
  onChange: (entries: LineupEntryState[]) => void;
  enhanced: boolean;
  errors: LineupError[];
  /** The form was sent once: every entry's messages show. */
  submitted: boolean;
}) {
  const [quick, setQuick] = useState("");
  const [quickFloor, setQuickFloor] = useState("");
  // Which entries the person has touched, kept in step with the entries' order.
  const [touched, setTouched] = useState<boolean[]>(() => entries.map(() => true));
  const change = (next: LineupEntryState[], nextTouched: boolean[]) => {
    setTouched(nextTouched);
    onChange(next);
  };
  const touch = (index: number) => {
    if (!touched[index]) setTouched(touched.map((was, at) => was || at === index));
  };
  const shown = errors.filter(
    ({ entry }) => entry === null || submitted || !enhanced || touched[entry],
  );
  const rows = enhanced
    ? entries
    : [...entries, ...Array.from({ length: BLANK_ROWS_WITHOUT_JS }, () => blank)];
  const update = (index: number, field: keyof LineupEntryState, value: string) =>
    change(
      entries.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)),
      touched.map((was, at) => was || at === index),
    );
  const move = (index: number, target: number) => {
    const moved = [...entries];
    [moved[index], moved[target]] = [moved[target]!, moved[index]!];
    const movedTouched = [...touched];
    [movedTouched[index], movedTouched[target]] = [movedTouched[target]!, movedTouched[index]!];
    change(moved, movedTouched);
  };
  return (
    <fieldset className="flex flex-col gap-4" aria-describedby="lineup-hinweis">
      <legend className="mb-1.5 font-semibold">Line-up (optional)</legend>
      <p id="lineup-hinweis" className="text-sm text-muted">
        Act, Floor und Zeiten wie „23:00“; Zeiten nach Mitternacht gehören zur selben Nacht.
        Höchstens {LINEUP_MAX_ENTRIES} Einträge.
      </p>
      {shown.length > 0 ? (
        <ul
          id="lineup-fehler"
          role="alert"
          className="flex flex-col gap-1 text-sm font-semibold text-danger"
        >
          {shown.map(({ message }) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <ol className="flex flex-col gap-3">
        {rows.map((entry, index) => {
          // Without JavaScript every row can move (the rows are numbered as shown).
          const last = (enhanced ? entries.length : rows.length) - 1;
          const label = `Eintrag ${index + 1}`;
          const input = (field: keyof LineupEntryState, caption: string, extra: object = {}) => (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-semibold">{caption}</span>
              <input
                name={`lineup_${field}`}
                aria-label={`${caption} (${label})`}
                {...(enhanced
                  ? {
                      value: entry[field] ?? "",
                      onChange: (event: ChangeEvent<HTMLInputElement>) =>
                        update(index, field, event.target.value),
                      onBlur: () => touch(index),
                    }
                  : { defaultValue: entry[field] ?? "" })}
                className={inputClass}
                {...extra}
              />
            </label>
          );
          return (
            <li
              key={index}
              data-testid="lineup-row"
              className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[2fr_1.5fr_1fr_1fr_auto]"
            >
              {input("artist", "Act")}
              {input("floor", "Floor", { placeholder: "z. B. Main" })}
              {input("start", "Von", { placeholder: "23:00", inputMode: "numeric" })}
              {input("end", "Bis", { placeholder: "01:00", inputMode: "numeric" })}
              <div className="flex items-end gap-1">
                <button
                  type={enhanced ? "button" : "submit"}
                  name={enhanced ? undefined : "lineup_move"}
                  value={enhanced ? undefined : `up:${index}`}
                  formNoValidate
                  disabled={index === 0}
                  onClick={enhanced ? () => move(index, index - 1) : undefined}
                  aria-label={`${label} nach oben`}
                  className={smallButton}
                >
                  ↑
                </button>
                <button
                  type={enhanced ? "button" : "submit"}
                  name={enhanced ? undefined : "lineup_move"}
                  value={enhanced ? undefined : `down:${index}`}
                  formNoValidate
                  disabled={index === last}
                  onClick={enhanced ? () => move(index, index + 1) : undefined}
                  aria-label={`${label} nach unten`}
                  className={smallButton}
                >
                  ↓
                </button>
                {enhanced ? (
                  <button
                    type="button"
                    onClick={() =>
                      change(
                        entries.filter((_, at) => at !== index),
                        touched.filter((_, at) => at !== index),
                      )
                    }
                    aria-label={`${label} entfernen`}
                    className={smallButton}
                  >
                    ✕
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {enhanced ? (
        <button
          type="button"
          onClick={() => change([...entries, blank], [...touched, false])}
          className="min-h-11 self-start rounded-full border border-accent px-5 font-semibold text-accent"
        >
          Act hinzufügen
        </button>
      ) : null}
      <details className="flex flex-col gap-2 rounded-xl border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">
          Schnell eintragen: ein Act pro Zeile, alle auf einem Floor
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">Floor für alle</span>
            <input
              name="lineup_quick_floor"
              value={quickFloor}
              onChange={(event) => setQuickFloor(event.target.value)}
              className={inputClass}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">Acts (einer pro Zeile)</span>
            <textarea
              name="lineup_quick"
              rows={5}
              value={quick}
              onChange={(event) => setQuick(event.target.value)}
              className={`${inputClass} py-3`}
            />
          </label>
          {enhanced ? (
            <button
              type="button"
              onClick={() => {
                const added = quickLineupEntries(quick, quickFloor);
                change([...entries, ...added], [...touched, ...added.map(() => false)]);
                setQuick("");
              }}
              className="min-h-11 self-start rounded-full border border-accent px-5 font-semibold text-accent"
            >
              Übernehmen
            </button>
          ) : null}
        </div>
      </details>
    </fieldset>
  );
}
