import { Link } from "react-router";

/** Plain previous/next links for a paged list (`?{name}=`), kept in the page's other params. */
export function EventListPager({
  page,
  hasMore,
  search,
  name = "page",
  label,
}: {
  page: number;
  hasMore: boolean;
  /** The current query string, without "?". */
  search: string;
  name?: string;
  label: string;
}) {
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete(name);
    else params.set(name, String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  if (page === 1 && !hasMore) return null;
  const link =
    "inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className={link}>
          Neuere
        </Link>
      ) : null}
      <span className="tabular text-muted">Seite {page}</span>
      {hasMore ? (
        <Link to={href(page + 1)} preventScrollReset className={link}>
          Ältere
        </Link>
      ) : null}
    </nav>
  );
}
