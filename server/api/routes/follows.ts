import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  followKinds,
  followMessages,
  followerSecretBody,
  followsBody,
  forYouBody,
  liveUpdatesBody,
  newFollowerBody,
  pushEndpointBody,
  pushSubscriptionBody,
} from "#common/schemas/follows.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  createFollower,
  deleteFollower,
  followerIdOf,
  replaceFollows,
  setLiveUpdates,
} from "#server/domain/follows/followers.server.ts";
import {
  removePushSubscription,
  savePushSubscription,
} from "#server/domain/follows/push-subscriptions.server.ts";
import { followsFeedUrl, renewFollowsFeed } from "#server/domain/feeds/follows-feed.server.ts";
import { stopForYou, subscribeForYou } from "#server/domain/newsletter/for-you.server.ts";
import { clientOf, countAttemptFirst } from "#server/http/attempt-limits.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));
const followsJson = z.object({
  follows: z.array(z.object({ kind: z.enum(followKinds), id: z.number().int() })),
});

/** New followers per client address: a browser makes one, once. */
const CREATE_RATE_LIMIT = { max: 20, timeWindow: "15 minutes" };

/**
 * "Folgen" without an account (decisions 0186–0188). A browser that opts into a channel becomes a
 * follower and proves itself with its secret in the body (never in a URL, never a cookie: the
 * pages stay cookie-free), so these calls need no session and no CSRF header.
 */
export const followRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/push/public-key/",
    {
      schema: {
        tags: ["follows"],
        summary: "The VAPID public key a browser subscribes with (applicationServerKey)",
        response: { 200: z.object({ public_key: z.string() }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return { public_key: deps.config.vapid.publicKey };
    },
  );

  app.post(
    "/follower/",
    {
      config: { rateLimit: CREATE_RATE_LIMIT },
      schema: {
        tags: ["follows"],
        summary: "Become a follower with the browser's list; answers the secret (shown once)",
        description:
          "Every id must name an existing club, organiser, genre or artist (else 400 keyed " +
          "`follows.{index}`); a follow sent twice is kept once; at most 200. `saved_parties`: " +
          "the ids of the browser's saved parties (each an existing party, else 400 keyed " +
          "`saved_parties.{index}`; at most 200), so change alerts reach it by push. " +
          "`remind_parties`: those of them with a reminder by push on the party's afternoon.",
        body: newFollowerBody,
        response: {
          201: followsJson.extend({ secret: z.string() }),
          400: fieldErrorsJson,
          429: detailJson,
        },
      },
    },
    async (request, reply) => {
      const created = await createFollower(
        deps,
        request.body.follows,
        null,
        request.body.saved_parties,
        request.body.remind_parties,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/follower/follows/",
    {
      schema: {
        tags: ["follows"],
        summary: "Replace the follower's list (and saved parties, when given) by the browser's",
        description:
          "`saved_parties`, when given, replaces the saved party ids the server keeps for " +
          "change alerts by push (each an existing party, else 400 keyed " +
          "`saved_parties.{index}`; at most 200); absent, they stay as they are. " +
          "`remind_parties` (read with `saved_parties`): those with a reminder by push on " +
          "the party's afternoon; ids not among the saved ones are passed over.",
        body: followsBody,
        response: { 200: followsJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request) => {
      const followerId = await followerIdOf(deps, request.body.secret);
      return {
        follows: await replaceFollows(
          deps,
          followerId,
          request.body.follows,
          request.body.saved_parties,
          request.body.remind_parties,
        ),
      };
    },
  );

  app.post(
    "/follower/forget/",
    {
      schema: {
        tags: ["follows"],
        summary: "Forget the follower: follows, push subscriptions, the 'Für Dich' link",
        body: followerSecretBody,
        response: { 204: z.null(), 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      await deleteFollower(deps, await followerIdOf(deps, request.body.secret));
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/follower/push/",
    {
      schema: {
        tags: ["follows"],
        summary: "Keep this browser's push subscription (PushSubscription.toJSON())",
        description: "The endpoint must be an https URL of a push service.",
        body: pushSubscriptionBody,
        response: { 204: z.null(), 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const followerId = await followerIdOf(deps, request.body.secret);
      await savePushSubscription(deps, followerId, request.body.subscription);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/follower/push/remove/",
    {
      schema: {
        tags: ["follows"],
        summary: "Switch push off for this browser (its endpoint)",
        body: pushEndpointBody,
        response: { 204: z.null(), 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const followerId = await followerIdOf(deps, request.body.secret);
      await removePushSubscription(deps, followerId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/follower/live-updates/",
    {
      schema: {
        tags: ["follows"],
        summary: "Words from the door by push: on or off (off until switched on)",
        description:
          "With `live_updates: true`, this follower's browsers get the words from the door " +
          "(decision 0221) of the parties it saved and of the clubs it follows.",
        body: liveUpdatesBody,
        response: {
          200: z.object({ live_updates: z.boolean() }),
          400: fieldErrorsJson,
          404: detailJson,
        },
      },
    },
    async (request) => {
      const followerId = await followerIdOf(deps, request.body.secret);
      return { live_updates: await setLiveUpdates(deps, followerId, request.body.live_updates) };
    },
  );

  app.post(
    "/follower/newsletter/",
    {
      // A newsletter sign-up: counted against the address's sign-ups (decision 0197).
      onRequest: countAttemptFirst(deps, "newsletterSignup"),
      schema: {
        tags: ["follows"],
        summary:
          "'Für Dich' in the Thursday newsletter: sign up (double opt-in) linked to the follows",
        body: forYouBody,
        response: { 202: detailJson, 400: fieldErrorsJson, 404: detailJson, 429: detailJson },
      },
    },
    async (request, reply) => {
      const followerId = await followerIdOf(deps, request.body.secret);
      const { delivery } = await subscribeForYou(deps, followerId, {
        email: request.body.email,
        form: "api",
        client: clientOf(request),
        userAgent: request.headers["user-agent"] ?? null,
      });
      delivery.catch((error: unknown) =>
        request.log.error({ err: error }, "newsletter confirmation mail failed"),
      );
      return reply.status(202).send({ detail: followMessages.forYouRequested });
    },
  );

  app.post(
    "/follower/newsletter/stop/",
    {
      schema: {
        tags: ["follows"],
        summary: "End 'Für Dich' (the newsletter itself stays)",
        body: followerSecretBody,
        response: { 204: z.null(), 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      await stopForYou(deps, await followerIdOf(deps, request.body.secret));
      return reply.status(204).send(null);
    },
  );

  const feedJson = z.object({
    url: z.string().describe("The feed's secret address (webcal:// to subscribe)"),
  });

  app.post(
    "/follower/feed/",
    {
      schema: {
        tags: ["follows"],
        summary: "The secret address of the follows' calendar feed (made on first use)",
        body: followerSecretBody,
        response: { 200: feedJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request) => ({
      url: await followsFeedUrl(deps, await followerIdOf(deps, request.body.secret)),
    }),
  );

  app.post(
    "/follower/feed/renew/",
    {
      schema: {
        tags: ["follows"],
        summary: "A new feed address; the old one answers 404 from now on",
        body: followerSecretBody,
        response: { 200: feedJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request) => ({
      url: await renewFollowsFeed(deps, await followerIdOf(deps, request.body.secret)),
    }),
  );
};
