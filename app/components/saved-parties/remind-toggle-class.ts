/** The look of "Erinnern", the same for an account's form and a browser's button. */
export const remindToggleClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-5 font-semibold hover:border-ink disabled:opacity-60 aria-pressed:border-accent aria-pressed:text-accent";
