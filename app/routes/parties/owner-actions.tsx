import { Link } from "react-router";

const secondaryClass =
  "inline-flex min-h-11 items-center rounded-full border border-line px-6 font-bold hover:border-ink";

/**
 * What the party's creator may do from its page: "Bearbeiten" always, "Hervorheben" while it is
 * public and to come (admins have the admin bar's "Bearbeiten" for every party), and during its
 * night "Meldung von der Tür" (for admins too, decision 0221).
 */
export function OwnerActions({
  editPath,
  promotePath,
  doorWordsPath,
}: {
  editPath: string | null;
  promotePath: string | null;
  doorWordsPath: string | null;
}) {
  if (!editPath && !promotePath && !doorWordsPath) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {doorWordsPath ? (
        <Link
          to={doorWordsPath}
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-bold text-accent-ink"
        >
          Meldung von der Tür
        </Link>
      ) : null}
      {editPath ? (
        <Link to={editPath} className={secondaryClass}>
          Bearbeiten
        </Link>
      ) : null}
      {promotePath ? (
        <Link
          to={promotePath}
          className={
            doorWordsPath
              ? secondaryClass
              : "inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-bold text-accent-ink"
          }
        >
          Hervorheben
        </Link>
      ) : null}
    </div>
  );
}
