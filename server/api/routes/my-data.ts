import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deleteAccountSchema,
  organizerProfileSchema,
  profileSchema,
} from "#common/schemas/account.ts";
import { deleteAccount } from "#server/domain/accounts/account-deletion.server.ts";
import { exportMyData } from "#server/domain/accounts/data-export.server.ts";
import { getMyData, updateMyProfile, type MyData } from "#server/domain/accounts/my-data.server.ts";
import { saveOwnOrganizer } from "#server/domain/accounts/organizer-profile.server.ts";
import { endSession } from "#server/domain/auth/session-tokens.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { clearSessionCookies } from "#server/http/auth-cookies.ts";
import { requireSession, signedInFirst } from "#server/http/request-auth.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const organizerJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  facebook: z.string().nullable(),
});

const myDataJson = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  role: z.enum(["user", "admin"]),
  email_confirmed: z.boolean(),
  created_at: z.string(),
  organizers: z.array(organizerJson),
});

const toMyDataJson = (data: MyData): z.infer<typeof myDataJson> => ({
  id: data.id,
  email: data.email,
  display_name: data.displayName,
  role: data.role,
  email_confirmed: data.emailConfirmed,
  created_at: data.createdAt.toISOString(),
  organizers: data.organizers,
});

/** GET /api/my-data/ (SPEC §7: the current user) and the user's changes to it. */
export const myDataRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/my-data/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user with their organiser profiles",
        response: { 200: myDataJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      return toMyDataJson(await getMyData(deps, user.id));
    },
  );

  app.post(
    "/my-data/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Change name and e-mail (a new address counts once confirmed by mail)",
        body: profileSchema,
        response: {
          200: myDataJson.extend({ email_change_pending: z.boolean() }),
          401: detailJson,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const { emailChangePending } = await updateMyProfile(deps, user.id, request.body);
      return {
        ...toMyDataJson(await getMyData(deps, user.id)),
        email_change_pending: emailChangePending,
      };
    },
  );

  app.post(
    "/my-data/organizer/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Create or change the user's organiser profile",
        body: organizerProfileSchema,
        response: { 200: organizerJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      return saveOwnOrganizer(deps, user.id, request.body);
    },
  );

  app.get(
    "/my-data/export/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Download everything stored about the user (Art. 15, 20 DSGVO)",
        response: { 200: z.string().describe("A JSON document"), 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const data = await exportMyData(deps, user.id);
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", 'attachment; filename="meine-daten.json"')
        .header("cache-control", "no-store")
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    "/my-data/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Delete the account with its events (Art. 17 DSGVO); needs the password",
        body: deleteAccountSchema,
        response: { 204: z.null(), 401: detailJson },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request, reply);
      await deleteAccount(deps, session.user.id, request.body, { ip: request.ip });
      await endSession(deps, session.sessionId);
      clearSessionCookies(reply, deps.config);
      return reply.status(204).send(null);
    },
  );
};
