/** "Abonnieren": the iCalendar feed (for calendar apps) and the RSS feed of a listing. */
export function FeedLinks({
  icsPath,
  rssPath,
  label = "Alle Partys",
}: {
  icsPath: string;
  rssPath: string;
  label?: string;
}) {
  const link =
    "inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold hover:border-ink";
  return (
    <section
      aria-label="Abonnieren"
      className="flex flex-wrap items-center gap-3 border-t border-line pt-6"
    >
      <p className="font-semibold">{label} abonnieren:</p>
      <a href={icsPath} type="text/calendar" className={link}>
        Kalender abonnieren (iCal)
      </a>
      <a href={rssPath} type="application/rss+xml" className={link}>
        RSS-Feed
      </a>
    </section>
  );
}
