import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { rejectEventSchema } from "#common/schemas/admin.ts";
import { eventPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  approveEvent,
  listPendingEvents,
  rejectEvent,
} from "#server/domain/moderation/event-moderation.server.ts";
import { listOpenReports, resolveReport } from "#server/domain/moderation/event-reports.server.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const pendingEventJson = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  start: z.string(),
  created_at: z.string(),
  creator: z
    .object({ id: z.number().int(), display_name: z.string(), email: z.string() })
    .nullable(),
});

const reportJson = z.object({
  id: z.number().int(),
  message: z.string(),
  reporter_email: z.string().nullable(),
  created_at: z.string(),
  event: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
});

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));

/** The moderation queue (events awaiting approval) and the reports queue. */
export const adminModerationRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/moderation/",
    {
      schema: {
        tags: ["admin"],
        summary: "Events awaiting approval, oldest first",
        response: { 200: z.array(pendingEventJson) },
      },
    },
    async () =>
      (await listPendingEvents(deps)).map((event) => ({
        id: event.id,
        title: event.title,
        url: eventPath(event),
        start: event.startsAt.toISOString(),
        created_at: event.createdAt.toISOString(),
        creator: event.creator && {
          id: event.creator.id,
          display_name: event.creator.displayName,
          email: event.creator.email,
        },
      })),
  );

  app.post(
    "/moderation/:id/approve/",
    {
      schema: {
        tags: ["admin"],
        summary: "Publish an event awaiting approval (its organiser gets a mail)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      await approveEvent(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/moderation/:id/reject/",
    {
      schema: {
        tags: ["admin"],
        summary: "Refuse an event awaiting approval; the reason is mailed to its organiser",
        params: idParams,
        body: rejectEventSchema,
        response: { 204: z.null(), 400: fieldErrorsJson, 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      await rejectEvent(deps, actor, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/reports/",
    {
      schema: {
        tags: ["admin"],
        summary: "Open „Fehler melden“ reports, oldest first",
        response: { 200: z.array(reportJson) },
      },
    },
    async () =>
      (await listOpenReports(deps)).map((report) => ({
        id: report.id,
        message: report.message,
        reporter_email: report.reporterEmail,
        created_at: report.createdAt.toISOString(),
        event: { id: report.event.id, title: report.event.title, url: eventPath(report.event) },
      })),
  );

  app.post(
    "/reports/:id/resolve/",
    {
      schema: {
        tags: ["admin"],
        summary: "Mark a report as dealt with",
        params: idParams,
        response: { 204: z.null(), 404: detailJson },
      },
    },
    async (request, reply) => {
      await resolveReport(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
