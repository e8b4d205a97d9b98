/** The first focusable element (SPEC §2): jumps past header and menu to the content. */
export function SkipLink() {
  return (
    <a
      href="#inhalt"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-full focus:bg-accent focus:px-5 focus:py-3 focus:font-semibold focus:text-accent-ink"
    >
      Zum Inhalt springen
    </a>
  );
}
