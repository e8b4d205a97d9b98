import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NEWSLETTER_SUCCESS_TEXT } from "#common/newsletter-consent.ts";
import { pagingQuery } from "#common/schemas/paging.ts";
import { newsletterSubscribeBody, newsletterToken } from "#common/schemas/newsletter.ts";
import { pastIssuePath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { confirmSubscription } from "#server/domain/newsletter/confirm-subscription.server.ts";
import {
  previewComingIssue,
  sendTestIssue,
} from "#server/domain/newsletter/issue-preview.server.ts";
import { listPastIssues } from "#server/domain/newsletter/past-issues.server.ts";
import { subscribe } from "#server/domain/newsletter/subscribe.server.ts";
import { unsubscribe } from "#server/domain/newsletter/unsubscribe.server.ts";
import { clientOf, countAttemptFirst } from "#server/http/attempt-limits.ts";
import { requireSession, signedInFirst } from "#server/http/request-auth.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const invalidLink = "Dieser Link ist ungültig oder abgelaufen.";

const pastIssueJson = z.object({
  id: z.number().int(),
  weekend_start: z.string(),
  subject: z.string(),
  sent_at: z.string().nullable(),
  url: z.string(),
});

/** RFC 8058 clients POST a form body (`List-Unsubscribe=One-Click`); only the URL's token counts. */
const oneClickBodyTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const newsletterRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  for (const type of oneClickBodyTypes) {
    if (!app.hasContentTypeParser(type)) {
      app.addContentTypeParser(type, { parseAs: "string" }, (_request, body, done) =>
        done(null, body),
      );
    }
  }

  app.post(
    "/newsletter/subscribe/",
    {
      // Sign-ups per client address (the domain's, decision 0197), malformed ones included.
      onRequest: countAttemptFirst(deps, "newsletterSignup"),
      schema: {
        tags: ["newsletter"],
        summary: "Sign up for the Thursday newsletter (double opt-in)",
        description:
          "Sends a confirmation mail; nothing else is sent before it is confirmed. The answer is " +
          "the same whether the address is new, waiting or subscribed, and an address gets at " +
          "most one confirmation mail per hour. `confirm_email` is a honeypot: leave it empty.",
        body: newsletterSubscribeBody,
        response: {
          202: detailJson,
          400: z.record(z.string(), z.array(z.string())),
          429: detailJson,
        },
      },
    },
    async (request, reply) => {
      const { email, confirm_email: honeypot, form = "api" } = request.body;
      const { delivery } = await subscribe(deps, {
        email,
        honeypot,
        form,
        client: clientOf(request),
        userAgent: request.headers["user-agent"] ?? null,
      });
      delivery.catch((error: unknown) =>
        request.log.error({ err: error }, "newsletter confirmation mail failed"),
      );
      return reply.status(202).send({ detail: NEWSLETTER_SUCCESS_TEXT });
    },
  );

  app.post(
    "/newsletter/confirm/",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Confirm a sign-up with the token from the confirmation mail",
        body: z.strictObject({ token: newsletterToken }),
        response: { 200: detailJson, 404: detailJson },
      },
    },
    async (request) => {
      const state = await confirmSubscription(deps, { token: request.body.token, ip: request.ip });
      if (state === "invalid") throw new NotFoundError(invalidLink);
      return { detail: "Deine Anmeldung ist bestätigt." };
    },
  );

  app.post(
    "/newsletter/unsubscribe/",
    {
      schema: {
        tags: ["newsletter"],
        summary: "One-click unsubscribe (RFC 8058): the List-Unsubscribe target of every mailing",
        description: "Needs no login and no CSRF token: the token in the URL is the authority.",
        querystring: z.object({ token: newsletterToken }),
        response: { 200: detailJson, 404: detailJson },
      },
    },
    async (request) => {
      if (!(await unsubscribe(deps, request.query.token))) throw new NotFoundError(invalidLink);
      return { detail: "Du bist vom Newsletter abgemeldet." };
    },
  );

  app.get(
    "/newsletter/issues/",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Past issues, newest first",
        querystring: z.strictObject(pagingQuery),
        response: { 200: pagedResponseSchema(pastIssueJson) },
      },
    },
    async (request) => {
      const page = await listPastIssues(deps, {
        page: request.query.page,
        pageSize: request.query.page_size,
      });
      return toPagedResponse(request, deps.config.publicUrl, page, (issue) => ({
        id: issue.id,
        weekend_start: issue.weekendStart,
        subject: issue.subject,
        sent_at: issue.sentAt?.toISOString() ?? null,
        url: pastIssuePath(issue.id),
      }));
    },
  );

  app.get(
    "/newsletter/preview/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["newsletter"],
        summary: "Admins: the coming weekend's issue as HTML, as it would go out now",
        response: { 200: z.string().describe("The mail's HTML"), 401: detailJson, 403: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const preview = await previewComingIssue(deps, user);
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(preview.html);
    },
  );

  app.post(
    "/newsletter/test-send/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["newsletter"],
        summary: "Admins: send the coming weekend's issue to yourself, marked as a test",
        response: { 202: detailJson, 401: detailJson, 403: detailJson, 502: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const outcome = await sendTestIssue(deps, user);
      if (outcome.outcome !== "sent") {
        request.log.warn({ outcome }, "newsletter test mail failed");
        return reply
          .status(502)
          .send({ detail: "Der Mailserver hat die Testmail nicht angenommen." });
      }
      return reply.status(202).send({ detail: `Testmail an ${user.email} gesendet.` });
    },
  );
};
