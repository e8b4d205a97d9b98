import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagingQuery } from "#common/schemas/paging.ts";
import {
  listIssueStatus,
  listSubscribers,
  removeSubscriber,
  subscribersCsv,
} from "#server/domain/admin/newsletter-admin.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const subscriberJson = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  signed_up_at: z.string(),
  confirmed_at: z.string().nullable(),
});

const issueJson = z.object({
  id: z.number().int(),
  weekend_start: z.string(),
  subject: z.string(),
  status: z.enum(["building", "sending", "sent", "empty"]),
  sent_at: z.string().nullable(),
  sends: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});

/** Newsletter subscribers (search, CSV export, removal) and the issues' send status. */
export const adminNewsletterRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/newsletter/subscribers/",
    {
      schema: {
        tags: ["admin"],
        summary: "Subscribers by address; `q` searches the address",
        querystring: z.strictObject({ ...pagingQuery, q: z.string().max(100).default("") }),
        response: { 200: pagedResponseSchema(subscriberJson) },
      },
    },
    async (request) => {
      const { q, page, page_size: pageSize } = request.query;
      const subscribers = await listSubscribers(deps, q, { page, pageSize });
      return toPagedResponse(request, deps.config.publicUrl, subscribers, (subscriber) => ({
        id: subscriber.id,
        email: subscriber.email,
        status: subscriber.status,
        signed_up_at: subscriber.signedUpAt.toISOString(),
        confirmed_at: subscriber.confirmedAt?.toISOString() ?? null,
      }));
    },
  );

  app.get(
    "/newsletter/subscribers/export/",
    {
      schema: {
        tags: ["admin"],
        summary: "Every subscriber as CSV",
        response: { 200: z.string().describe("text/csv") },
      },
    },
    async (_request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="newsletter-abonnenten.csv"')
        .header("cache-control", "no-store")
        .send(await subscribersCsv(deps)),
  );

  app.delete(
    "/newsletter/subscribers/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove a subscriber (with their consent record)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson },
      },
    },
    async (request, reply) => {
      await removeSubscriber(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/newsletter/issues/",
    {
      schema: {
        tags: ["admin"],
        summary: "The latest issues and how far their sending got",
        response: { 200: z.array(issueJson) },
      },
    },
    async () =>
      (await listIssueStatus(deps)).map((issue) => ({
        id: issue.id,
        weekend_start: issue.weekendStart,
        subject: issue.subject,
        status: issue.status,
        sent_at: issue.sentAt?.toISOString() ?? null,
        sends: issue.sends,
      })),
  );
};
