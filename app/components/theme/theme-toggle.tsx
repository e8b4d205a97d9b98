import { useTheme, type ThemeChoice } from "./theme-context.ts";

const options: { choice: ThemeChoice; label: string; hint: string }[] = [
  { choice: "auto", label: "Auto", hint: "Dunkel nach Sonnenuntergang" },
  { choice: "light", label: "Hell", hint: "Immer hell" },
  { choice: "dark", label: "Dunkel", hint: "Immer dunkel" },
];

/** Lets the visitor override the sunset theme; "Auto" goes back to the sun. */
export function ThemeToggle() {
  const { choice, choose } = useTheme();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-muted">Darstellung</legend>
      <div className="grid grid-cols-3 gap-1 rounded-full border border-line bg-raised p-1">
        {options.map((option) => (
          <button
            key={option.choice}
            type="button"
            title={option.hint}
            aria-pressed={choice === option.choice}
            onClick={() => choose(option.choice)}
            className="min-h-11 rounded-full px-3 text-sm font-semibold text-muted transition-colors hover:text-ink aria-pressed:bg-ink aria-pressed:text-paper"
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
