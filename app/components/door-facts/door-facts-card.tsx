import { DOOR_FACTS_TITLE, type DoorLine } from "#common/door-fact-texts.ts";
import { DoorFactIcon } from "./door-fact-icon.tsx";

/**
 * "Einlass & Awareness" near the top of the party page, and a club's own on its page (decision
 * 0220): the stated door facts
 * as short lines with icons, in two columns from tablets on. Nothing stated: no card.
 */
export function DoorFactsCard({ lines }: { lines: DoorLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="einlass"
      className="rounded-2xl border border-line bg-card p-4"
      data-testid="door-facts"
    >
      <h2 id="einlass" className="mb-3 text-lg font-bold">
        {DOOR_FACTS_TITLE}
      </h2>
      <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {lines.map((line) => (
          <li key={`${line.icon}|${line.text}`} className="flex items-start gap-2">
            <DoorFactIcon icon={line.icon} />
            <span>
              {line.text}
              {line.detail ? <span className="block text-sm text-muted">{line.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
