import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagingQuery } from "#common/schemas/paging.ts";
import { listAuditLog } from "#server/domain/admin/audit-view.server.ts";
import { getAdminDashboard } from "#server/domain/admin/dashboard.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";

const dashboardJson = z.object({
  pending_events: z.number().int(),
  open_reports: z.number().int(),
  paid_orders: z.number().int(),
  ads_awaiting_approval: z.number().int(),
  newsletter: z.object({
    confirmed_subscribers: z.number().int(),
    last_issue: z
      .object({ weekend_start: z.string(), status: z.string(), sent_at: z.string().nullable() })
      .nullable(),
  }),
  demo_settings: z.array(z.string()).describe("Settings that still hold demo values"),
});

const auditEntryJson = z.object({
  id: z.number().int(),
  at: z.string().describe("UTC"),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});

/** GET /api/admin/dashboard/ and GET /api/admin/audit-log/. */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/dashboard/",
    {
      schema: {
        tags: ["admin"],
        summary: "What waits for the admins: counts, newsletter status, demo settings",
        response: { 200: dashboardJson },
      },
    },
    async () => {
      const board = await getAdminDashboard(deps);
      return {
        pending_events: board.pendingEvents,
        open_reports: board.openReports,
        paid_orders: board.paidOrders,
        ads_awaiting_approval: board.adsAwaitingApproval,
        newsletter: {
          confirmed_subscribers: board.newsletter.confirmedSubscribers,
          last_issue: board.newsletter.lastIssue && {
            weekend_start: board.newsletter.lastIssue.weekendStart,
            status: board.newsletter.lastIssue.status,
            sent_at: board.newsletter.lastIssue.sentAt?.toISOString() ?? null,
          },
        },
        demo_settings: board.demoSettings,
      };
    },
  );

  app.get(
    "/audit-log/",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log, newest first: who, what, when (UTC), from which address",
        querystring: z.strictObject(pagingQuery),
        response: { 200: pagedResponseSchema(auditEntryJson) },
      },
    },
    async (request) => {
      const { page: number, page_size: pageSize } = request.query;
      const page = await listAuditLog(deps, { page: number, pageSize });
      return toPagedResponse(request, deps.config.publicUrl, page, (entry) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: entry.actor,
        action: entry.action,
        entity_type: entry.entityType,
        entity_id: entry.entityId,
        details: entry.details,
        ip: entry.ip,
      }));
    },
  );
};
