import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { decodePlanSets } from "#common/night-plan-link.ts";
import { nightPlanQuery } from "#common/schemas/night-plan.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { resolvePlan } from "#server/domain/night-plans/night-plan-sets.server.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

const instant = z.string().describe("UTC instant, ISO 8601");

const plannedSetJson = z.object({
  id: z.number().int().describe("The line-up entry (set)"),
  artist: z.string(),
  floor: z.string(),
  start: instant.describe("The set's start now"),
  end: instant.nullable(),
  picked_start: instant.describe("The start the set had when it was picked"),
  picked_end: instant.nullable(),
  moved: z.boolean().describe("The organiser moved the set since it was picked"),
  party: z.object({
    id: z.number().int(),
    title: z.string(),
    path: z.string().describe("Path of the party page"),
    cancelled: z.boolean(),
  }),
  place: z
    .object({
      name: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      address: z.string(),
      search: z.string().describe("What a map app is asked for without coordinates"),
    })
    .nullable(),
});

/**
 * The Nachtplan (decision 0223): the sets a plan's link names, as the line-ups have them now —
 * the browser's own plan asks it to mark moved and gone sets.
 */
export const nightPlanRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/night-plan/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["events"],
        summary: "The sets of a Nachtplan as they are now",
        description:
          "`sets` as in the plan's link: `{id}.{start}.{length}` per set, comma-separated (start " +
          "in minutes since 1970, length in minutes, both base 36). Sets of hidden or deleted " +
          "parties, sets taken out of their line-up and unknown ids are listed in `gone`; parts " +
          "that name no set are counted in `unreadable`.",
        querystring: nightPlanQuery,
        response: {
          200: z.object({
            items: z.array(plannedSetJson),
            gone: z.array(z.number().int()),
            unreadable: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { picks, unreadable } = decodePlanSets(request.query.sets);
      const { entries, gone } = await resolvePlan(deps, picks);
      return {
        items: entries.map(({ set, picked, moved }) => ({
          ...set,
          picked_start: picked.start,
          picked_end: picked.end,
          moved,
        })),
        gone: gone.map((pick) => pick.id),
        unreadable,
      };
    },
  );
};
