import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userRoleSchema } from "#common/schemas/admin.ts";
import { pagingQuery } from "#common/schemas/paging.ts";
import { listUsers, setUserDisabled, setUserRole } from "#server/domain/admin/user-admin.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const userJson = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  role: z.enum(["user", "admin"]),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));

/** Accounts: search, disable/enable, the admin role (never taken from the last admin). */
export const adminUserRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/users/",
    {
      schema: {
        tags: ["admin"],
        summary: "Accounts by e-mail; `q` searches e-mail and name",
        querystring: z.strictObject({ ...pagingQuery, q: z.string().max(100).default("") }),
        response: { 200: pagedResponseSchema(userJson) },
      },
    },
    async (request) => {
      const { q, page, page_size: pageSize } = request.query;
      const users = await listUsers(deps, q, { page, pageSize });
      return toPagedResponse(request, deps.config.publicUrl, users, (user) => ({
        id: user.id,
        email: user.email,
        display_name: user.displayName,
        role: user.role,
        created_at: user.createdAt.toISOString(),
        disabled_at: user.disabledAt?.toISOString() ?? null,
      }));
    },
  );

  for (const [action, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    app.post(
      `/users/:id/${action}/`,
      {
        schema: {
          tags: ["admin"],
          summary: disabled
            ? "Disable an account (it can no longer sign in; never the last admin)"
            : "Enable a disabled account",
          params: idParams,
          response: { 204: z.null(), 404: detailJson, 409: detailJson },
        },
      },
      async (request, reply) => {
        const actor = await requireAdmin(deps, request, reply);
        await setUserDisabled(deps, actor, request.params.id, disabled);
        return reply.status(204).send(null);
      },
    );
  }

  app.post(
    "/users/:id/role/",
    {
      schema: {
        tags: ["admin"],
        summary: "Make an account an admin or a user (the last admin keeps the role)",
        params: idParams,
        body: userRoleSchema,
        response: { 204: z.null(), 400: fieldErrorsJson, 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      await setUserRole(deps, actor, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
