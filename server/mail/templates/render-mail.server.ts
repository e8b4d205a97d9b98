import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** The parts of a parsed HTML node the plain-text table needs (html-to-text's DOM). */
interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  children?: HtmlNode[];
}

/** The builder html-to-text hands a formatter: the calls this file makes. */
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  addInline(text: string): void;
  addLineBreak(): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
}

const textOf = (node: HtmlNode): string =>
  node.type === "text" ? (node.data ?? "") : (node.children ?? []).map(textOf).join("");

const rowsOf = (node: HtmlNode): HtmlNode[] =>
  (node.children ?? []).flatMap((child) =>
    child.type !== "tag" ? [] : child.name === "tr" ? [child] : rowsOf(child),
  );

/** A table marked `data-text-format="pipes"` as one line per row: "Tag | Aufrufe | Klicks". */
function pipeTable(element: HtmlNode, _walk: unknown, builder: TextBuilder) {
  const lines = rowsOf(element).map((row) =>
    (row.children ?? [])
      .filter((cell) => cell.type === "tag" && (cell.name === "th" || cell.name === "td"))
      .map((cell) => textOf(cell).trim())
      .join(" | "),
  );
  builder.openBlock({ leadingLineBreaks: 2 });
  lines.forEach((line, index) => {
    if (index > 0) builder.addLineBreak();
    builder.addInline(line);
  });
  builder.closeBlock({ trailingLineBreaks: 2 });
}

const htmlToTextOptions = {
  selectors: [{ selector: 'table[data-text-format="pipes"]', format: "pipeTable" }],
  formatters: { pipeTable },
};

/** A React Email element as the HTML and plain-text parts of a mail. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions }),
  ]);
  return { html, text };
}
