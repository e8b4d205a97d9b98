import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { flyerSrcSet } from "#common/flyer-sizes.ts";
import { pagingQuery } from "#common/schemas/paging.ts";
import { eventPath, mediaUrl, partyPreviewPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { getEditableEvent, listOwnEvents } from "#server/domain/events/own-events.server.ts";
import { requireActor, requireSession, signedInFirst } from "#server/http/request-auth.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const flag = z
  .enum(["0", "1", "true", "false"])
  .transform((value) => value === "1" || value === "true");

const myEventsQuery = z
  .strictObject({
    ...pagingQuery,
    upcoming: flag.optional(),
    past: flag.optional(),
    _: z.string().max(32).optional(),
  })
  .refine((query) => !(query.upcoming && query.past), {
    path: ["past"],
    message: "Bitte nur upcoming=1 oder past=1.",
  });

const ownEventJson = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  url: z.string(),
  start: z.string(),
  night: z.string(),
  status: z.enum(["draft", "pending", "published", "cancelled", "rejected"]),
  is_top: z.boolean(),
  top_until: z
    .string()
    .nullable()
    .describe("Where the paid top-event period running now ends (ISO 8601); null when not top"),
  flyer: z.string().nullable(),
  flyer_srcset: z.string().nullable(),
  location_name: z.string().nullable(),
  views: z.number().int(),
  publish_at: z
    .string()
    .nullable()
    .describe("When the draft becomes public by itself (ISO 8601); null: not scheduled"),
  preview_url: z
    .string()
    .nullable()
    .describe("The team's secret preview page while the party is not public; null once public"),
});

const editableEventJson = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(["draft", "pending", "published", "cancelled", "rejected"]),
  location_name: z.string().nullable(),
  form: z.record(z.string(), z.unknown()).describe("The event form's values, as POST takes them"),
});

/** GET /api/my-events/ (SPEC §7: `upcoming=1` or `past=1`) and one own event for editing. */
export const myEventRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/my-events/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: "The signed-in user's events, drafts included: upcoming (default) or past",
        querystring: myEventsQuery,
        response: { 200: pagedResponseSchema(ownEventJson), 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const query = request.query;
      const page = await listOwnEvents(deps, user.id, query.past ? "past" : "upcoming", {
        page: query.page,
        pageSize: query.page_size,
      });
      return toPagedResponse(request, deps.config.publicUrl, page, (event) => ({
        id: event.id,
        title: event.title,
        slug: event.slug,
        url: eventPath(event),
        start: event.startsAt.toISOString(),
        night: event.night,
        status: event.status,
        is_top: event.isTop,
        top_until: event.topUntil?.toISOString() ?? null,
        flyer: mediaUrl(event.flyerPath),
        flyer_srcset: event.flyerPath === null ? null : (flyerSrcSet(event.flyerPath) ?? null),
        location_name: event.locationName,
        views: event.views,
        publish_at: event.publishAt?.toISOString() ?? null,
        preview_url:
          event.previewToken !== null && (event.status === "draft" || event.status === "pending")
            ? `${deps.config.publicUrl}${partyPreviewPath(event.previewToken)}`
            : null,
      }));
    },
  );

  app.get(
    "/my-events/:id/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: "One of the user's events as the form edits it (drafts included)",
        params: idParams,
        response: { 200: editableEventJson, 401: detailJson, 403: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const event = await getEditableEvent(deps, actor, request.params.id);
      return {
        id: event.id,
        slug: event.slug,
        status: event.status,
        location_name: event.locationName,
        form: { ...event.values },
      };
    },
  );
};
