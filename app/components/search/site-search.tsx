import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { searchPath } from "#common/urls.ts";

interface Suggestion {
  type: "party" | "club" | "venue" | "organizer" | "genre" | "page" | "artist";
  id: number;
  title: string;
  subtitle: string | null;
  url: string;
}

const kindLabels: Record<Suggestion["type"], string> = {
  party: "Party",
  club: "Club",
  venue: "Ort",
  organizer: "Veranstalter",
  genre: "Genre",
  page: "Seite",
  artist: "Artist",
};

const SUGGEST_DELAY_MS = 150;

/**
 * The header's search field: a plain GET form to /suche (works without JavaScript) with
 * suggestions from /api/search/autocomplete/ as an ARIA combobox (arrow keys, Enter, Escape).
 */
export function SiteSearch() {
  const id = useId();
  const listId = `${id}-vorschlaege`;
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [fetched, setFetched] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) return;
    const timer = window.setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const response = await fetch(`/api/search/autocomplete/?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        const body = (await response.json()) as { results: Suggestion[] };
        setFetched(body.results);
        setActive(-1);
        setOpen(true);
      } catch {
        // Aborted by newer typing, or offline: no suggestions.
      }
    }, SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  // Under two characters nothing is suggested (what was fetched for longer text is stale).
  const suggestions = text.trim().length >= 2 ? fetched : [];
  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setText("");
    void navigate(suggestion.url);
  };
  const expanded = open && suggestions.length > 0;

  return (
    <form
      method="get"
      action={searchPath}
      role="search"
      className="relative w-full max-w-sm"
      onSubmit={(event) => {
        const chosen = suggestions[active];
        if (expanded && chosen) {
          event.preventDefault();
          choose(chosen);
        }
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Partys, Clubs und Veranstalter suchen
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        value={text}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Suchen …"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === "ArrowUp" && suggestions.length > 0) {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === "Escape") {
            setOpen(false);
          }
        }}
        className="min-h-11 w-full rounded-full border border-line bg-card px-4 text-base"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Vorschläge"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-card p-1 shadow-xl"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.type}-${suggestion.id}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
            className={`flex min-h-11 cursor-pointer flex-col justify-center rounded-xl px-3 py-2 ${index === active ? "bg-line" : "hover:bg-line"}`}
          >
            <span className="font-semibold">{suggestion.title}</span>
            <span className="text-xs text-muted">
              {kindLabels[suggestion.type]}
              {suggestion.subtitle &&
              suggestion.type !== "organizer" &&
              suggestion.type !== "genre" &&
              suggestion.type !== "artist"
                ? ` · ${suggestion.subtitle}`
                : ""}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
