import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmEmailSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerSchema,
  undoEmailChangeSchema,
} from "#common/schemas/account.ts";
import {
  emailChangeUndoneMessage,
  undoEmailChange,
} from "#server/domain/accounts/my-data.server.ts";
import {
  confirmEmail,
  registerUser,
  registrationReceivedMessage,
} from "#server/domain/accounts/registration.server.ts";
import {
  changePassword,
  passwordResetRequestedMessage,
  requestPasswordReset,
  resetPassword,
} from "#server/domain/accounts/passwords.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { clientOf, countAttemptFirst } from "#server/http/attempt-limits.ts";
import { requireSession, signedInFirst } from "#server/http/request-auth.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const accountMessages = {
  emailConfirmed: "Deine E-Mail-Adresse ist bestätigt.",
  passwordChanged:
    "Dein Passwort wurde geändert. Alle Anmeldungen sind beendet; bitte melde Dich mit dem neuen Passwort wieder an.",
  passwordReset: "Dein neues Passwort ist gesetzt. Du kannst Dich jetzt anmelden.",
} as const;

/** POST /api/register/, /api/password_change/, /api/password_reset/ (SPEC §7) and their links. */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.post(
    "/register/",
    {
      onRequest: countAttemptFirst(deps, "register"),
      schema: {
        tags: ["accounts"],
        summary: "Register; a confirmation link goes to the e-mail address",
        description:
          "Answers the same for new and known addresses. `contact_email` is a honeypot that " +
          "people never fill in.",
        body: registerSchema,
        response: {
          201: detailJson,
          400: z.record(z.string(), z.array(z.string())),
          429: detailJson,
        },
      },
    },
    async (request, reply) => {
      await registerUser(deps, request.body, clientOf(request));
      return reply.status(201).send({ detail: registrationReceivedMessage });
    },
  );

  app.post(
    "/register/confirm/",
    {
      schema: {
        tags: ["accounts"],
        summary: "Confirm an e-mail address with the token from the mailed link",
        body: confirmEmailSchema,
        response: { 200: detailJson },
      },
    },
    async (request) => {
      await confirmEmail(deps, request.body.token);
      return { detail: accountMessages.emailConfirmed };
    },
  );

  app.post(
    "/email_change/undo/",
    {
      schema: {
        tags: ["accounts"],
        summary: "Undo an e-mail change with the link mailed to the old address; locks the account",
        body: undoEmailChangeSchema,
        response: { 200: detailJson },
      },
    },
    async (request) => {
      await undoEmailChange(deps, request.body);
      return { detail: emailChangeUndoneMessage };
    },
  );

  app.post(
    "/password_change/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Change the password (needs the current one); ends every login, this one included",
        body: passwordChangeSchema,
        response: { 200: detailJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request, reply);
      await changePassword(deps, session.user.id, request.body);
      return { detail: accountMessages.passwordChanged };
    },
  );

  app.post(
    "/password_reset/",
    {
      onRequest: countAttemptFirst(deps, "passwordReset"),
      schema: {
        tags: ["accounts"],
        summary: "Ask for a password reset link (valid one hour, single use)",
        description: "Answers the same whether the address has an account or not.",
        body: passwordResetRequestSchema,
        response: { 200: detailJson, 429: detailJson },
      },
    },
    async (request) => {
      const { delivery } = await requestPasswordReset(deps, request.body, clientOf(request));
      delivery.catch((error: unknown) =>
        request.log.error({ err: error }, "password reset mail failed"),
      );
      return { detail: passwordResetRequestedMessage };
    },
  );

  app.post(
    "/password_reset/confirm/",
    {
      onRequest: countAttemptFirst(deps, "passwordReset"),
      schema: {
        tags: ["accounts"],
        summary: "Set a new password with the token from the reset link; ends every login",
        body: passwordResetConfirmSchema,
        response: { 200: detailJson, 429: detailJson },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body, clientOf(request));
      return { detail: accountMessages.passwordReset };
    },
  );
};
