import { useEffect, useId, useState } from "react";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { inputClass } from "#app/components/forms/text-field.tsx";

interface Suggestion {
  id: number;
  name: string;
  address: string;
  city: string;
}

/** The club, chosen by autocomplete (GET /api/locations/autocomplete/); `null` = none chosen. */
export function LocationField({
  locationId,
  locationName,
  onChoose,
  error,
}: {
  locationId: number | null;
  locationName: string;
  onChoose: (club: { id: number; name: string } | null) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState(locationName);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const listId = useId();

  useEffect(() => {
    if (locationId !== null || text.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/locations/autocomplete/?q=${encodeURIComponent(text.trim())}`, {
        signal: controller.signal,
      })
        .then((response) => (response.ok ? response.json() : []))
        .then((found: Suggestion[]) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, locationId]);

  const open = locationId === null && suggestions.length > 0 && text.trim().length >= 2;
  const choose = (club: Suggestion) => {
    setText(club.name);
    setSuggestions([]);
    onChoose({ id: club.id, name: club.name });
  };

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor="location" className="font-semibold">
        Club<span aria-hidden="true"> *</span>
      </label>
      <input
        id="location"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("location", false, error)}
        placeholder="Name des Clubs eingeben"
        aria-required="true"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (locationId !== null) onChoose(null);
        }}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setActive((index) => Math.min(index + 1, suggestions.length - 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === "Enter" && active >= 0) {
            event.preventDefault();
            choose(suggestions[active]!);
          } else if (event.key === "Escape") {
            setSuggestions([]);
          }
        }}
        className={inputClass}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Clubs"
        hidden={!open}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-card shadow-lg"
      >
        {suggestions.map((club, index) => (
          <li
            key={club.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(club);
            }}
            className={`flex min-h-11 cursor-pointer flex-col justify-center px-4 py-2 ${
              index === active ? "bg-raised" : ""
            }`}
          >
            <span className="font-semibold">{club.name}</span>
            <span className="text-sm text-muted">
              {[club.address, club.city].filter(Boolean).join(", ")}
            </span>
          </li>
        ))}
      </ul>
      <FieldError name="location" message={error} />
    </div>
  );
}
