import type { ReactNode } from "react";
import { alphabeticalGroups } from "#app/lib/alphabetical-groups.ts";

/**
 * A directory by first letter (clubs, organisers): a section per letter with its heading as a
 * jump target (`#buchstabe-A`), the items in a grid; `renderItem` draws each `<li>`.
 */
export function AlphabeticalSections<T extends { name: string }>({
  items,
  renderItem,
}: {
  items: T[];
  renderItem: (item: T) => ReactNode;
}) {
  return alphabeticalGroups(items).map((group) => (
    <section
      key={group.letter}
      aria-labelledby={`buchstabe-${group.letter}`}
      className="flex flex-col gap-3"
    >
      <h2 id={`buchstabe-${group.letter}`} className="text-2xl font-black">
        {group.letter}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{group.items.map(renderItem)}</ul>
    </section>
  ));
}
