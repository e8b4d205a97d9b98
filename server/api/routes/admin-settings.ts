import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { siteSettingsSchema, type SiteSettings } from "#common/schemas/site-settings.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { demoSettingKeys } from "#server/domain/settings/demo-settings.server.ts";
import {
  getSiteSettings,
  updateSiteSettings,
} from "#server/domain/settings/site-settings.server.ts";
import { requireAdmin } from "#server/http/request-auth.ts";

/** The API speaks snake_case (decision 0005); the settings are camelCase inside. */
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) =>
  key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const snakeShape = Object.fromEntries(
  Object.entries(siteSettingsSchema.shape).map(([key, field]) => [snake(key), field]),
);
const settingsJson = z.object(snakeShape);
const settingsPatch = z.strictObject(snakeShape).partial();
const fieldErrorsJson = z.record(z.string(), z.array(z.string()));

function toSettingsJson(settings: SiteSettings) {
  return {
    settings: Object.fromEntries(
      Object.entries(settings).map(([key, value]) => [snake(key), value]),
    ),
    demo: demoSettingKeys(settings).map(snake),
  };
}

/** GET and PATCH /api/admin/settings/: the site settings (env values are first-start defaults). */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  const responseJson = z.object({
    settings: settingsJson,
    demo: z.array(z.string()).describe("Settings that still hold demo values"),
  });

  app.get(
    "/settings/",
    {
      schema: {
        tags: ["admin"],
        summary: "The site settings and which of them still hold demo values",
        response: { 200: responseJson },
      },
    },
    async () => toSettingsJson(await getSiteSettings(deps)),
  );

  app.patch(
    "/settings/",
    {
      schema: {
        tags: ["admin"],
        summary: "Change some settings (the others stay)",
        body: settingsPatch,
        response: { 200: responseJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      const patch = Object.fromEntries(
        Object.entries(request.body as Record<string, unknown>).map(([key, value]) => [
          camel(key),
          value,
        ]),
      );
      try {
        return toSettingsJson(await updateSiteSettings(deps, actor, patch));
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        throw new ValidationError(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([key, value]) => [snake(key), value]),
          ),
        );
      }
    },
  );
};
