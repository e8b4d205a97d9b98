import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagingQuery } from "#common/schemas/paging.ts";
import { adRejectionSchema } from "#common/schemas/promotion.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  approveAd,
  listAdsAwaitingApproval,
  rejectAd,
} from "#server/domain/ads/ad-review.server.ts";
import { listOrders } from "#server/domain/payments/order-list.server.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const adminErrors = { 401: detailJson, 403: detailJson };

/** The admins' ad approval queue and payments list (under /api/admin/, behind its guard). */
export const adminAdRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/ads/",
    {
      schema: {
        tags: ["admin"],
        summary: "Paid ads waiting for approval, oldest first",
        response: {
          200: z.object({
            results: z.array(
              z.object({
                id: z.number().int(),
                title: z.string(),
                image: z.string().nullable(),
                target_url: z.string(),
                owner_email: z.string(),
                start: z.string().nullable(),
                end: z.string().nullable(),
                amount_cents: z.number().int().nullable(),
              }),
            ),
          }),
          ...adminErrors,
        },
      },
    },
    async () => {
      const ads = await listAdsAwaitingApproval(deps);
      return {
        results: ads.map((ad) => ({
          id: ad.id,
          title: ad.title,
          image: ad.image,
          target_url: ad.targetUrl,
          owner_email: ad.ownerEmail,
          start: ad.startsAt?.toISOString() ?? null,
          end: ad.endsAt?.toISOString() ?? null,
          amount_cents: ad.amountCents,
        })),
      };
    },
  );

  app.post(
    "/ads/:id/approve/",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve a paid ad (it goes live on its start day)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson, 409: detailJson, ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request, reply);
      await approveAd(deps, admin, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/ads/:id/reject/",
    {
      schema: {
        tags: ["admin"],
        summary: "Reject a paid ad with a reason; its payment is refunded in full",
        params: idParams,
        body: adRejectionSchema.strict(),
        response: {
          204: z.null(),
          400: z.record(z.string(), z.array(z.string())),
          404: detailJson,
          409: detailJson,
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request, reply);
      await rejectAd(deps, admin, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/payments/",
    {
      schema: {
        tags: ["admin"],
        summary: "All payment orders with their state history, newest first",
        querystring: z.strictObject(pagingQuery),
        response: {
          200: pagedResponseSchema(
            z.object({
              id: z.number().int(),
              purpose: z.string(),
              status: z.string(),
              amount_cents: z.number().int(),
              provider: z.string(),
              buyer_email: z.string().nullable(),
              event: z.number().int().nullable(),
              ad: z.number().int().nullable(),
              terms_version: z.string(),
              created: z.string(),
              history: z.array(
                z.object({ at: z.string(), status: z.string(), note: z.string().optional() }),
              ),
            }),
          ),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const page = await listOrders(deps, {
        page: request.query.page,
        pageSize: request.query.page_size,
      });
      return toPagedResponse(request, deps.config.publicUrl, page, (order) => ({
        id: order.id,
        purpose: order.purpose,
        status: order.status,
        amount_cents: order.amountCents,
        provider: order.provider,
        buyer_email: order.buyerEmail,
        event: order.eventId,
        ad: order.adId,
        terms_version: order.termsVersion,
        created: order.createdAt.toISOString(),
        history: order.history,
      }));
    },
  );
};
