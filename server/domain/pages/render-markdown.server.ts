import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { safeHttpUrl } from "#common/safe-url.ts";
import { slugify } from "#common/slug.ts";

/**
 * Markdown of editable pages to safe HTML: single line breaks kept (addresses), second-level
 * headings get ids for anchors, and the output passes an allow-list sanitiser.
 */
const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      const id = depth === 2 ? ` id="${slugify(text.replace(/<[^>]+>/g, ""))}"` : "";
      return `<h${depth}${id}>${text}</h${depth}>\n`;
    },
  },
});

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "a",
    "code",
    "blockquote",
    "hr",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], h2: ["id"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    a: (tagName, attribs) =>
      safeHttpUrl(attribs.href) !== null
        ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }
        : { tagName, attribs },
  },
};

export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), allowed);
}
