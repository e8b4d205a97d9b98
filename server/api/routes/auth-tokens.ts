import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "#common/schemas/text.ts";
import { checkCredentials } from "#server/domain/accounts/credentials.server.ts";
import {
  authenticateAccessToken,
  endSession,
  endSessionByRefreshToken,
  rotateRefreshToken,
  startSession,
} from "#server/domain/auth/session-tokens.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { AuthenticationError } from "#server/domain/errors.ts";
import { clientOf, countAttemptFirst } from "#server/http/attempt-limits.ts";
import { clientMeta } from "#server/http/request-auth.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const tokenPairJson = z.object({
  access: z.string().describe("Access token (JWT, 15 minutes): `Authorization: Bearer …`"),
  refresh: z.string().describe("Refresh token (JWT, 30 days, single use)"),
});

const refreshBody = z.object({ refresh: text().min(1).max(2000) });

/** POST /api/token/, /api/token/refresh/ and /api/token/logout (SPEC §7): API-client logins. */
export const authTokenRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/token/",
    {
      onRequest: countAttemptFirst(deps, "login"),
      schema: {
        tags: ["auth"],
        summary: "Log in: e-mail and password for an access and a refresh token",
        body: z.object({ email: text(), password: text() }),
        response: { 200: tokenPairJson, 401: detailJson, 429: detailJson },
      },
    },
    async (request) => {
      const user = await checkCredentials(deps, request.body, clientOf(request));
      return startSession(deps, user.id, clientMeta(request).userAgent);
    },
  );

  app.post(
    "/token/refresh/",
    {
      schema: {
        tags: ["auth"],
        summary: "Trade a refresh token for a new pair (the old one is used up)",
        description:
          "A refresh token that was already used ends the whole login it belongs to: someone " +
          "else may hold a copy.",
        body: refreshBody,
        response: { 200: tokenPairJson, 401: detailJson },
      },
    },
    async (request) => rotateRefreshToken(deps, request.body.refresh, clientMeta(request)),
  );

  app.post(
    "/token/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "Log out: ends the login of the refresh token (or of the bearer token)",
        body: z.object({ refresh: text().min(1).max(2000).optional() }).nullish(),
        response: { 204: z.null(), 401: detailJson },
      },
    },
    async (request, reply) => {
      const refresh = request.body?.refresh;
      if (refresh) {
        await endSessionByRefreshToken(deps, refresh);
      } else {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
        if (!match) throw new AuthenticationError();
        await endSession(deps, (await authenticateAccessToken(deps, match[1]!)).sessionId);
      }
      return reply.status(204).send(null);
    },
  );
};
