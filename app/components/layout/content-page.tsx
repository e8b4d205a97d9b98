/** An editable page (Impressum, Datenschutzerklärung): its title and sanitised HTML body. */
export function ContentPage({
  title,
  html,
  updatedAt,
}: {
  title: string;
  html: string;
  updatedAt: Date | string | null;
}) {
  return (
    <article className="py-6 sm:py-10">
      {/* Scaled with a phone's width so "Datenschutzerklärung" fits one 320 px line: Chromium may
          lack a German hyphenation dictionary, so `hyphens: auto` cannot be relied on (decision 0127). */}
      <h1 className="mb-8 text-[clamp(1.375rem,7vw,2.25rem)] font-bold sm:text-6xl">{title}</h1>
      <div className="prose-page" dangerouslySetInnerHTML={{ __html: html }} />
      {updatedAt ? (
        <p className="mt-10 text-sm text-muted">
          Stand:{" "}
          {new Intl.DateTimeFormat("de-DE", {
            dateStyle: "long",
            timeZone: "Europe/Berlin",
          }).format(new Date(updatedAt))}
        </p>
      ) : null}
    </article>
  );
}
