import { Link } from "react-router";

export interface LinkTile {
  to: string;
  /** The tile's large first line: a title, or a count. */
  head: React.ReactNode;
  text: string;
}

/** A grid of large links, each a bold first line over a short muted text (user area, admin). */
export function LinkTiles({
  tiles,
  headClassName,
  gridClassName,
}: {
  tiles: LinkTile[];
  headClassName: string;
  gridClassName: string;
}) {
  return (
    <ul className={`grid gap-4 ${gridClassName}`}>
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link
            to={tile.to}
            className="flex h-full flex-col gap-1 rounded-xl border border-line bg-card p-5 hover:border-accent"
          >
            <span className={headClassName}>{tile.head}</span>
            <span className="text-sm text-muted">{tile.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
