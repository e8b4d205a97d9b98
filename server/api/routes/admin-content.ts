import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagePath } from "#common/reserved-paths.ts";
import { pageEditSchema, redirectSchema } from "#common/schemas/admin.ts";
import { navigationSchema } from "#common/schemas/navigation.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { saveNavigationMenu } from "#server/domain/navigation/navigation-editor.server.ts";
import {
  deletePage,
  listEditablePages,
  previewPage,
  savePage,
  type EditablePage,
} from "#server/domain/pages/page-editor.server.ts";
import {
  deleteRedirect,
  listRedirects,
  saveRedirect,
  type RedirectRow,
} from "#server/domain/seo/redirect-editor.server.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const pageJson = z.object({
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  body: z.string().describe("Markdown with {{…}} placeholders"),
  updated_at: z.string().nullable().describe("null for a legal page's unedited default"),
});

const redirectJson = z.object({
  id: z.number().int(),
  from_path: z.string(),
  to_path: z.string(),
  status_code: z.number().int(),
});

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));
const slugParams = z.object({ slug: z.string().max(60) });

const toPageJson = (page: EditablePage) => ({
  slug: page.slug,
  url: pagePath(page.slug),
  title: page.title,
  body: page.body,
  updated_at: page.updatedAt?.toISOString() ?? null,
});

const toRedirectJson = (row: RedirectRow) => ({
  id: row.id,
  from_path: row.fromPath,
  to_path: row.toPath,
  status_code: row.statusCode,
});

/** The page editor (Markdown, sanitised, with preview), the menus and the redirects. */
export const adminContentRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/pages/",
    {
      schema: {
        tags: ["admin"],
        summary: "Every editable page (Impressum, Datenschutzerklärung, FAQ, own pages)",
        response: { 200: z.array(pageJson) },
      },
    },
    async () => (await listEditablePages(deps)).map(toPageJson),
  );

  app.put(
    "/pages/:slug/",
    {
      schema: {
        tags: ["admin"],
        summary: "Create or change a page (Markdown; scripts refused; route slugs refused)",
        params: slugParams,
        body: pageEditSchema,
        response: { 200: pageJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return toPageJson(await savePage(deps, actor, request.params.slug, request.body));
    },
  );

  app.delete(
    "/pages/:slug/",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a page (a legal page returns to its default text)",
        params: slugParams,
        response: { 204: z.null(), 404: detailJson },
      },
    },
    async (request, reply) => {
      await deletePage(deps, await requireAdmin(deps, request, reply), request.params.slug);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/pages/preview/",
    {
      schema: {
        tags: ["admin"],
        summary: "Render Markdown as the page will show it (sanitised HTML)",
        body: pageEditSchema.pick({ body: true }),
        response: { 200: z.object({ html: z.string() }), 400: fieldErrorsJson },
      },
    },
    async (request) => previewPage(request.body),
  );

  app.put(
    "/navigation/:key/",
    {
      schema: {
        tags: ["admin"],
        summary: "Replace a menu: `main` (menu modal, with submenus) or `footer`",
        params: z.object({ key: z.enum(["main", "footer"]) }),
        body: z.object({ items: navigationSchema.shape.main }),
        response: { 204: z.null(), 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      await saveNavigationMenu(deps, actor, request.params.key, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/redirects/",
    {
      schema: {
        tags: ["admin"],
        summary: "The redirects (301)",
        response: { 200: z.array(redirectJson) },
      },
    },
    async () => (await listRedirects(deps)).map(toRedirectJson),
  );

  app.post(
    "/redirects/",
    {
      schema: {
        tags: ["admin"],
        summary: "Add or change a redirect (a loop is refused)",
        body: redirectSchema,
        response: { 201: redirectJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const saved = await saveRedirect(
        deps,
        await requireAdmin(deps, request, reply),
        request.body,
      );
      return reply.status(201).send(toRedirectJson(saved));
    },
  );

  app.delete(
    "/redirects/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a redirect",
        params: idParams,
        response: { 204: z.null(), 404: detailJson },
      },
    },
    async (request, reply) => {
      await deleteRedirect(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
