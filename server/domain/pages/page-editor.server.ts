import { asc, eq } from "drizzle-orm";
import { reservedPageSlugs } from "#common/reserved-paths.ts";
import { pageEditSchema, pageSlugSchema } from "#common/schemas/admin.ts";
import { pages } from "#server/db/schema/content.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { legalTexts } from "./legal-texts.ts";
import { renderMarkdown } from "./render-markdown.server.ts";

/** Who changes a page (an admin). */
interface Editor {
  id: number;
  ip?: string | null;
}

export interface EditablePage {
  slug: string;
  title: string;
  /** Markdown with `{{…}}` placeholders, as stored. */
  body: string;
  updatedAt: Date | null;
}

/** Every page the editor can change: the stored ones and the legal pages' defaults. */
export async function listEditablePages(deps: DomainDeps): Promise<EditablePage[]> {
  const rows = await deps.db
    .select({ slug: pages.slug, title: pages.title, body: pages.body, updatedAt: pages.updatedAt })
    .from(pages)
    .orderBy(asc(pages.slug));
  const defaults = legalTexts
    .filter((text) => !rows.some((row) => row.slug === text.slug))
    .map((text) => ({ ...text, updatedAt: null }));
  return [...rows, ...defaults].sort((a, b) => a.slug.localeCompare(b.slug));
}

/** One page for the editor, or null for a new slug. */
export async function getEditablePage(
  deps: DomainDeps,
  slug: string,
): Promise<EditablePage | null> {
  return (await listEditablePages(deps)).find((page) => page.slug === slug) ?? null;
}

const scriptMessage = "Skripte sind in Seiten nicht erlaubt. Bitte entferne das <script>.";

/** Markdown must not carry scripts or inline event handlers; the renderer drops any other HTML. */
function refuseScripts(body: string): void {
  if (/<\s*script|\son[a-z]+\s*=|javascript:/i.test(body)) {
    throw new ValidationError({ body: [scriptMessage] });
  }
}

/** The page as it will look (sanitised HTML, placeholders left as written). */
export function previewPage(input: unknown): { html: string } {
  const { body } = parseInput(pageEditSchema.pick({ body: true }), input);
  refuseScripts(body);
  return { html: renderMarkdown(body) };
}

/**
 * Creates or changes a page. A new page's slug must not be one the site's routes own; Markdown
 * with a script is refused with a German message and nothing changes.
 */
export async function savePage(
  deps: DomainDeps,
  actor: Editor,
  slugInput: unknown,
  input: unknown,
): Promise<EditablePage> {
  const slug = parseInput(pageSlugSchema, slugInput);
  if (reservedPageSlugs.includes(slug)) {
    throw new ValidationError({
      slug: [
        "Diese Adresse gehört schon zur Seite (z. B. /club oder /user). Bitte wähle eine andere.",
      ],
    });
  }
  const page = parseInput(pageEditSchema, input);
  refuseScripts(page.body);
  const now = deps.now();
  const [saved] = await deps.db
    .insert(pages)
    .values({ slug, title: page.title, body: page.body, updatedAt: now })
    .onConflictDoUpdate({
      target: pages.slug,
      set: { title: page.title, body: page.body, updatedAt: now },
    })
    .returning({
      slug: pages.slug,
      title: pages.title,
      body: pages.body,
      updatedAt: pages.updatedAt,
    });
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "page.save",
    entityType: "page",
    entityId: slug,
    ip: actor.ip ?? null,
  });
  return saved!;
}

/** Deletes a page; a legal page falls back to its default text. */
export async function deletePage(deps: DomainDeps, actor: Editor, slug: string): Promise<void> {
  const [deleted] = await deps.db
    .delete(pages)
    .where(eq(pages.slug, slug))
    .returning({ slug: pages.slug });
  if (!deleted) throw new NotFoundError("Diese Seite gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "page.delete",
    entityType: "page",
    entityId: slug,
    ip: actor.ip ?? null,
  });
}
