import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "#common/schemas/text.ts";
import {
  listRunningAds,
  recordAdClick,
  recordAdView,
} from "#server/domain/ads/ad-display.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { visitorOf } from "#server/api/visitor.ts";

const adJson = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  click_url: z.string().describe("Counting redirect to the advertiser"),
});

/** GET /api/ads/, GET /api/ads/{id}/click/ and POST /api/ad-views/. */
export const adRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/ads/",
    {
      // Not kept in the answer cache: which ads run depends on the clock (start day, end,
      // approval) and the order is drawn anew for every visitor.
      schema: {
        tags: ["ads"],
        summary: "Running ads of a placement, in random order",
        querystring: z.strictObject({
          placement: z.enum(["listing", "sidebar", "newsletter"]).default("listing"),
          limit: z.coerce.number().int().min(1).max(10).default(3),
          _: text().max(32).optional(),
        }),
        response: { 200: z.object({ results: z.array(adJson) }) },
      },
    },
    async (request) => ({
      results: (await listRunningAds(deps, request.query.placement, request.query.limit)).map(
        (ad) => ({ id: ad.id, title: ad.title, image: ad.image, click_url: ad.clickPath }),
      ),
    }),
  );

  app.get(
    "/ads/:id/click/",
    {
      schema: {
        tags: ["ads"],
        summary: "Count a click on a running ad and redirect (302) to the advertiser",
        params: idParams,
        response: { 404: detailJson },
      },
    },
    async (request, reply) => {
      const target = await recordAdClick(deps, request.params.id, visitorOf(request));
      return reply
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex")
        .redirect(target, 302);
    },
  );

  app.post(
    "/ad-views/",
    {
      schema: {
        tags: ["ads"],
        summary: "Count that an ad was seen (once per visitor and day, not bots)",
        body: z.strictObject({ ad: idParams.shape.id }),
        response: { 200: z.object({ counted: z.boolean() }), 404: detailJson },
      },
    },
    async (request) => ({
      counted: await recordAdView(deps, request.body.ad, visitorOf(request)),
    }),
  );
};
