import { Link } from "react-router";

/**
 * What the party's creator may do from its page: "Bearbeiten" always, "Hervorheben" while it is
 * public and to come (admins have the admin bar's "Bearbeiten" for every party).
 */
export function OwnerActions({
  editPath,
  promotePath,
}: {
  editPath: string | null;
  promotePath: string | null;
}) {
  if (!editPath && !promotePath) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {editPath ? (
        <Link
          to={editPath}
          className="inline-flex min-h-11 items-center rounded-full border border-line px-6 font-bold hover:border-ink"
        >
          Bearbeiten
        </Link>
      ) : null}
      {promotePath ? (
        <Link
          to={promotePath}
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-bold text-accent-ink"
        >
          Hervorheben
        </Link>
      ) : null}
    </div>
  );
}
