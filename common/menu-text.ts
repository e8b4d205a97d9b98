import type { NavigationItem } from "./schemas/navigation.ts";

/**
 * The admin area's plain-text form of a menu: one entry per line as "Label | /pfad"; a line
 * starting with "-" belongs to the submenu of the entry above it.
 */
export function menuToText(items: NavigationItem[]): string {
  return items
    .flatMap((item) => [
      `${item.label} | ${item.url}`,
      ...(item.children ?? []).map((child) => `- ${child.label} | ${child.url}`),
    ])
    .join("\n");
}

/** The menu a text describes; a line without "|" or a sub-entry before any entry is an error. */
export function menuFromText(text: string): { items: NavigationItem[] } | { error: string } {
  const items: NavigationItem[] = [];
  const lines = text.split("\n").map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    const isChild = line.startsWith("-");
    const [label, url, ...rest] = (isChild ? line.slice(1) : line)
      .split("|")
      .map((part) => part.trim());
    if (!label || !url || rest.length > 0) {
      return { error: `Zeile ${index + 1}: bitte „Bezeichnung | /pfad“.` };
    }
    if (!isChild) {
      items.push({ label, url });
      continue;
    }
    const parent = items.at(-1);
    if (!parent)
      return { error: `Zeile ${index + 1}: ein Untereintrag braucht einen Eintrag davor.` };
    parent.children = [...(parent.children ?? []), { label, url }];
  }
  return { items };
}
