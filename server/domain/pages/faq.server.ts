import type { DomainDeps } from "#server/domain/deps.ts";
import { getPage } from "./pages.server.ts";

export interface FaqItem {
  /** The anchor, from the question. */
  id: string;
  question: string;
  /** Sanitised HTML. */
  answerHtml: string;
}

/** The FAQ page as questions and answers: each second-level heading starts an item. */
export async function getFaq(deps: DomainDeps): Promise<{ title: string; items: FaqItem[] }> {
  const page = await getPage(deps, "faq");
  const items: FaqItem[] = [];
  const parts = page.html.split(/(?=<h2 id=")/);
  for (const part of parts) {
    const heading = /^<h2 id="([^"]*)">([\s\S]*?)<\/h2>/.exec(part);
    if (!heading) continue;
    items.push({
      id: heading[1]!,
      question: heading[2]!,
      answerHtml: part.slice(heading[0].length).trim(),
    });
  }
  return { title: page.title, items };
}
