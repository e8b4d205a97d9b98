import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, HTTPMethods } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import { detail, handleApiError } from "./problem-details.ts";
import { adRoutes } from "./routes/ads.ts";
import { adminRoutes } from "./routes/admin-routes.ts";
import { dateRoutes } from "./routes/dates.ts";
import { eventReportRoutes } from "./routes/event-reports.ts";
import { eventViewRoutes } from "./routes/event-views.ts";
import { topEventCountRoutes } from "./routes/top-event-counts.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { authTokenRoutes } from "./routes/auth-tokens.ts";
import { doorWordRoutes } from "./routes/door-words.ts";
import { eventWriteRoutes } from "./routes/event-writes.ts";
import { eventRoutes } from "./routes/events.ts";
import { genreRoutes } from "./routes/genres.ts";
import { healthRoutes } from "./routes/health.ts";
import { locationAutocompleteRoutes } from "./routes/location-autocomplete.ts";
import { myDataRoutes } from "./routes/my-data.ts";
import { myAdRoutes } from "./routes/my-ads.ts";
import { myEventRoutes } from "./routes/my-events.ts";
import { myTeamRoutes } from "./routes/my-teams.ts";
import { myInvoiceRoutes } from "./routes/my-invoices.ts";
import { nightPlanRoutes } from "./routes/night-plan.ts";
import { mySavedPartyRoutes } from "./routes/my-saved-parties.ts";
import { followRoutes } from "./routes/follows.ts";
import { paymentOrderRoutes } from "./routes/payment-orders.ts";
import { paymentWebhookRoutes } from "./routes/payment-webhooks.ts";
import { locationRoutes } from "./routes/locations.ts";
import { navigationRoutes } from "./routes/navigation.ts";
import { newsletterRoutes } from "./routes/newsletter.ts";
import { organizerRoutes } from "./routes/organizers.ts";
import { pageRoutes } from "./routes/pages.ts";
import { uploadFlyerRoutes } from "./routes/upload-flyer.ts";
import { redirectRoutes } from "./routes/redirect.ts";
import { searchRoutes } from "./routes/search.ts";

const resourceRoutes = [
  healthRoutes,
  genreRoutes,
  eventRoutes,
  dateRoutes,
  locationRoutes,
  organizerRoutes,
  searchRoutes,
  redirectRoutes,
  eventViewRoutes,
  topEventCountRoutes,
  adRoutes,
  navigationRoutes,
  pageRoutes,
  newsletterRoutes,
  authTokenRoutes,
  accountRoutes,
  myDataRoutes,
  myEventRoutes,
  myTeamRoutes,
  myInvoiceRoutes,
  mySavedPartyRoutes,
  followRoutes,
  nightPlanRoutes,
  eventWriteRoutes,
  doorWordRoutes,
  eventReportRoutes,
  uploadFlyerRoutes,
  locationAutocompleteRoutes,
  paymentOrderRoutes,
  paymentWebhookRoutes,
  myAdRoutes,
  adminRoutes,
];

/**
 * Everything under /api: the SPEC §7 JSON API with its conventions (trailing slashes, paged
 * lists, `{field: [message]}` and `{detail}` errors) and the OpenAPI document it is described by.
 */
export async function apiPlugin(app: FastifyInstance, { deps }: { deps: DomainDeps }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleApiError);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${deps.config.siteName} API`,
        version: "1",
        description:
          "The JSON API of the party calendar. Paged lists answer " +
          "`{count, next, previous, results}`; field errors are 400 `{field: [message]}`; " +
          "other errors `{detail}`.",
      },
      servers: [{ url: deps.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/schema/", { schema: { hide: true } }, async () => app.swagger());

  const methodsByPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    const url = route.url.slice(app.prefix.length);
    if (url.startsWith("/docs")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = methodsByPath.get(url) ?? new Set<string>();
    for (const method of methods) known.add(method);
    methodsByPath.set(url, known);
  });

  await app.register(
    async (resources) => {
      for (const routes of resourceRoutes) await resources.register(routes, { deps });
    },
    { prefix: "" },
  );

  // 405 for known paths with another method; 404 JSON for everything else under /api.
  const allMethods: HTTPMethods[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  for (const [url, methods] of [...methodsByPath]) {
    const missing = allMethods.filter((method) => !methods.has(method));
    if (missing.length === 0) continue;
    app.route({
      method: missing,
      url,
      schema: { hide: true },
      handler: async (_request, reply) => {
        reply.header("allow", [...methods].join(", "));
        return reply.status(405).send({ detail: detail.methodNotAllowed });
      },
    });
  }
  app.all("/*", { schema: { hide: true } }, async (_request, reply) =>
    reply.status(404).send({ detail: detail.notFound }),
  );
}
