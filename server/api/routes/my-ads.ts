import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatCents } from "#common/money.ts";
import { adCreativeSchema } from "#common/schemas/promotion.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  getOwnAd,
  listOwnAds,
  updateAdCreative,
  type OwnAd,
} from "#server/domain/ads/own-ads.server.ts";
import { ownAdRefunds, type OwnRefund } from "#server/domain/payments/refunds.server.ts";
import { requireActor, requireSession } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const statisticsJson = z.object({
  views: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number().describe("clicks ÷ views"),
  days: z.array(
    z.object({
      day: z.string(),
      views: z.number().int(),
      clicks: z.number().int(),
      ctr: z.number(),
    }),
  ),
});

const ownAdJson = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  image_path: z.string().nullable().describe("The stored path, as POST takes it back"),
  target_url: z.string(),
  placement: z.string(),
  status: z.enum(["draft", "paid", "awaiting_approval", "active", "expired", "rejected"]),
  duration: z.number().int(),
  price: z.string(),
  price_cents: z.number().int(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  refunds: z
    .array(
      z.object({
        amount_cents: z.number().int(),
        amount: z.string(),
        credit_note: z.string().nullable().describe("The number of its credit note"),
        paid_out: z.boolean().describe("false while the provider has not taken it yet"),
      }),
    )
    .describe("Money given back (a rejected ad: all of it, automatically)"),
  statistics: statisticsJson,
});

const toOwnAdJson = (ad: OwnAd, refunds: OwnRefund[] | undefined) => ({
  id: ad.id,
  title: ad.title,
  image: ad.image,
  image_path: ad.imagePath,
  target_url: ad.targetUrl,
  placement: ad.placement,
  status: ad.status,
  duration: ad.durationId,
  price: formatCents(ad.priceCents),
  price_cents: ad.priceCents,
  start: ad.startsAt?.toISOString() ?? null,
  end: ad.endsAt?.toISOString() ?? null,
  rejection_reason: ad.rejectionReason,
  refunds: (refunds ?? []).map((refund) => ({
    amount_cents: refund.amountCents,
    amount: formatCents(refund.amountCents),
    credit_note: refund.creditNoteNumber,
    paid_out: refund.paidOut,
  })),
  statistics: ad.statistics,
});

/** GET /api/my-ads/ (SPEC §7), one own ad, and its creative changed. */
export const myAdRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/my-ads/",
    {
      schema: {
        tags: ["ads"],
        summary: "The signed-in user's ads with status, period and statistics per day",
        querystring: z.strictObject({ _: z.string().max(32).optional() }),
        response: {
          200: z.object({
            count: z.number().int(),
            next: z.null(),
            previous: z.null(),
            results: z.array(ownAdJson),
          }),
          401: detailJson,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const [ads, refunds] = await Promise.all([
        listOwnAds(deps, user.id),
        ownAdRefunds(deps, user.id),
      ]);
      const results = ads.map((ad) => toOwnAdJson(ad, refunds.get(ad.id)));
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.get(
    "/my-ads/:id/",
    {
      schema: {
        tags: ["ads"],
        summary: "One own ad",
        params: idParams,
        response: { 200: ownAdJson, 401: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const ad = await getOwnAd(deps, actor, request.params.id);
      return toOwnAdJson(ad, (await ownAdRefunds(deps, actor.id)).get(ad.id));
    },
  );

  app.post(
    "/my-ads/:id/",
    {
      schema: {
        tags: ["ads"],
        summary: "Change an own ad's title, image and target (period and price stay as paid)",
        params: idParams,
        body: adCreativeSchema.strict(),
        response: {
          200: ownAdJson,
          400: z.record(z.string(), z.array(z.string())),
          401: detailJson,
          403: detailJson,
          404: detailJson,
          409: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const ad = await updateAdCreative(deps, actor, request.params.id, request.body);
      return toOwnAdJson(ad, (await ownAdRefunds(deps, actor.id)).get(ad.id));
    },
  );
};
