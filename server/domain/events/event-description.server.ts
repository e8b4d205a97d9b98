import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Organisers write descriptions in Markdown. The page shows it as HTML through an allow-list
 * (decision 0015): text formatting, lists, headings from h3 down, and links that open outside
 * with rel="nofollow ugc noopener". Everything else — scripts, event handlers, styles, iframes,
 * images, javascript: URLs — is removed.
 */
const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "del",
    "ul",
    "ol",
    "li",
    "h3",
    "h4",
    "blockquote",
    "a",
    "hr",
  ],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    h1: "h3",
    h2: "h3",
    a: sanitizeHtml.simpleTransform("a", { rel: "nofollow ugc noopener", target: "_blank" }),
  },
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "template",
  ],
};

export function descriptionHtml(markdown: string): string {
  const rendered = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(rendered, allowList);
}

/** The description as plain text (feeds, meta descriptions): formatting and markup dropped. */
export function descriptionText(markdown: string): string {
  const rendered = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(rendered.replace(/<\/(p|li|h\d|blockquote)>|<br\s*\/?>/gi, "\n"), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: allowList.nonTextTags,
  })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The first sentences of a description, at most `maximum` characters, for meta tags. */
export function descriptionSnippet(markdown: string, maximum = 160): string {
  const text = descriptionText(markdown).replace(/\s+/g, " ").trim();
  if (text.length <= maximum) return text;
  const cut = text.slice(0, maximum - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), maximum / 2))}…`;
}
