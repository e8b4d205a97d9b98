import { useNavigation } from "react-router";

/** The form's main button; shows that the form is on its way. */
export function SubmitButton({ children }: { children: React.ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="inline-flex min-h-12 items-center justify-center rounded-full bg-accent px-8 font-bold text-accent-ink disabled:opacity-60"
    >
      {children}
    </button>
  );
}
