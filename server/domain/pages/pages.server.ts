import { eq } from "drizzle-orm";
import { pages } from "#server/db/schema/content.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { legalTexts } from "./legal-texts.ts";
import { fillPlaceholders, placeholderValues } from "./page-placeholders.ts";
import { renderMarkdown } from "./render-markdown.server.ts";

export interface RenderedPage {
  slug: string;
  title: string;
  /** Sanitised HTML of the body, placeholders filled. */
  html: string;
  /** null for a default text nobody has edited yet. */
  updatedAt: Date | null;
}

/**
 * An editable page (Impressum, Datenschutzerklärung, FAQ …) from the pages table. The legal
 * pages always exist: without a row they show the default texts (legal-texts.ts).
 */
export async function getPage(deps: DomainDeps, slug: string): Promise<RenderedPage> {
  const [row] = await deps.db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  const source = row ?? legalTexts.find((text) => text.slug === slug);
  if (!source) throw new NotFoundError("Diese Seite gibt es nicht.");
  const markdown = fillPlaceholders(
    withoutLeadingTitle(source.body, source.title),
    placeholderValues(deps.config, await getSiteSettings(deps)),
  );
  return {
    slug: source.slug,
    title: source.title,
    html: renderMarkdown(markdown),
    updatedAt: row?.updatedAt ?? null,
  };
}

/** Pages show their title as the heading; a body that repeats it as `# Title` loses that line. */
function withoutLeadingTitle(body: string, title: string): string {
  const lines = body.trimStart().split("\n");
  return lines[0]?.trim() === `# ${title}` ? lines.slice(1).join("\n") : body;
}
