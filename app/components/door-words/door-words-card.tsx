import { Link } from "react-router";

/** A word from the door as the pages show it. */
export interface ShownDoorWord {
  id: number;
  text: string;
  /** "01:30 Uhr". */
  time: string;
}

/**
 * "Von der Tür" on the party page (decision 0221): tonight's words from the party's team, the
 * newest first, each with its time, above the "Einlass & Awareness" card. None tonight: no card.
 * It points to the live-update switch on /folge-ich (shown there once notifications are on).
 */
export function DoorWordsCard({ words }: { words: ShownDoorWord[] }) {
  if (words.length === 0) return null;
  return (
    <section
      aria-labelledby="von-der-tuer"
      className="rounded-2xl border-2 border-accent bg-card p-4"
      data-testid="door-words"
    >
      <h2 id="von-der-tuer" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <span
          aria-hidden="true"
          className="size-2 rounded-full bg-accent motion-safe:animate-pulse"
        />
        Von der Tür
      </h2>
      <DoorWordList words={words} />
      <p className="mt-3 text-sm text-muted">
        Als Benachrichtigung: Merk Dir die Party und schalte unter{" "}
        <Link to="/folge-ich#benachrichtigungen" className="underline underline-offset-4">
          „Folge ich“
        </Link>{" "}
        die Live-Updates ein.
      </p>
    </section>
  );
}

/** The words, each "01:30 Uhr  Einlassstopp"; `action` adds a control per word (removal). */
export function DoorWordList({
  words,
  action,
}: {
  words: ShownDoorWord[];
  action?: (word: ShownDoorWord) => React.ReactNode;
}) {
  return (
    <ol className="flex flex-col gap-2">
      {words.map((word) => (
        <li key={word.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="tabular shrink-0 text-sm font-semibold text-muted">{word.time}</span>
          <span className="font-semibold [overflow-wrap:anywhere]">{word.text}</span>
          {action ? action(word) : null}
        </li>
      ))}
    </ol>
  );
}
