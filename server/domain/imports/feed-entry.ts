import { ElementType, parseDocument } from "htmlparser2";
import { ImportError } from "./import-error.ts";

/** One party as a source describes it, before it is matched to a club and saved. */
export interface FeedEntry {
  /** Stable within the source: the ICS UID (with the occurrence for a series) or the page's. */
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date | null;
  venueName: string | null;
  venueAddress: string | null;
  url: string | null;
  imageUrl: string | null;
}

/** Bounds of one source (decision 0233): how far ahead, how many entries, how many repeats. */
export const FEED_WINDOW_DAYS = 180;
export const MAX_FEED_ENTRIES = 500;
export const MAX_OCCURRENCES_PER_SERIES = 60;

export const entryMessages = {
  markupInTitle: (title: string) =>
    `Der Titel „${title}“ enthält HTML-Auszeichnungen. Bitte trage im Kalender nur Text ein.`,
  tooManyEntries: `Die Quelle enthält mehr als ${MAX_FEED_ENTRIES} Termine im nächsten halben Jahr.`,
  missingTitle: "Ein Eintrag hat keinen Titel.",
  missingPlace: (title: string) =>
    `Zu „${title}“ fehlt der Ort: Bitte nenne Club oder Adresse im Kalender.`,
} as const;

/** Whether a text holds elements or comments (read by an HTML parser, not a pattern). */
export function hasMarkup(text: string): boolean {
  return parseDocument(text).children.some((node) => node.type !== ElementType.Text);
}

/** A text that may carry HTML (descriptions, page titles) as plain text, entities decoded. */
export function plainTextOf(html: string): string {
  const document = parseDocument(html, { decodeEntities: true });
  const blockBreaks = new Set(["p", "br", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6"]);
  const parts: string[] = [];
  const walk = (nodes: typeof document.children) => {
    for (const node of nodes) {
      if (node.type === ElementType.Text) parts.push(node.data);
      else if ("name" in node && "children" in node) {
        if (node.name === "script" || node.name === "style") continue;
        walk(node.children);
        if (blockBreaks.has(node.name)) parts.push("\n");
      }
    }
  };
  walk(document.children);
  return parts
    .join("")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A title as saved: entities decoded, markup refused, spaces folded. */
export function checkedTitle(raw: string): string {
  const title = raw.replace(/\s+/g, " ").trim();
  if (title === "") throw new ImportError(entryMessages.missingTitle);
  if (hasMarkup(title)) throw new ImportError(entryMessages.markupInTitle(title.slice(0, 80)));
  return plainTextOf(title);
}

/** Keeps the entries that end after `now` and start within the window; refuses too many. */
export function entriesInWindow(entries: FeedEntry[], now: Date): FeedEntry[] {
  const windowEnd = now.getTime() + FEED_WINDOW_DAYS * 86_400_000;
  const kept = entries.filter(
    (entry) =>
      entry.startsAt.getTime() < windowEnd &&
      (entry.endsAt ?? entry.startsAt).getTime() > now.getTime(),
  );
  if (kept.length > MAX_FEED_ENTRIES) throw new ImportError(entryMessages.tooManyEntries);
  return kept;
}
