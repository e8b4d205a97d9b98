/**
 * Groups names already in German order under their first letter: Ä with A, Ö with O, Ü with U
 * (DIN 5007-1), digits and signs under "#".
 */
export function alphabeticalGroups<T extends { name: string }>(
  items: T[],
): { letter: string; items: T[] }[] {
  const groups: { letter: string; items: T[] }[] = [];
  for (const item of items) {
    const first = item.name.trim().charAt(0).normalize("NFD").charAt(0).toUpperCase();
    const letter = /^[A-Z]$/.test(first) ? first : "#";
    const last = groups.at(-1);
    if (last?.letter === letter) last.items.push(item);
    else {
      const existing = groups.find((group) => group.letter === letter);
      if (existing) existing.items.push(item);
      else groups.push({ letter, items: [item] });
    }
  }
  return groups;
}
