import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listCategoriesWithGenres, listGenres } from "#server/domain/genres/genres.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

const genreJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.number().int(),
  is_main: z.boolean(),
});

const categoryJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  genres: z.array(genreJson),
});

const toGenreJson = (genre: Awaited<ReturnType<typeof listGenres>>[number]) => ({
  id: genre.id,
  name: genre.name,
  slug: genre.slug,
  category: genre.categoryId,
  is_main: genre.isMain,
});

/** GET /api/genres/ and GET /api/categories/ — small, unpaged lists. */
export const genreRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/genres/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["genres"],
        summary: "All genres, ordered by category",
        response: { 200: z.array(genreJson) },
      },
    },
    async () => (await listGenres(deps)).map(toGenreJson),
  );

  app.get(
    "/categories/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["genres"],
        summary: "Genre categories with their genres (the 'Weitere Genres' overlay)",
        response: { 200: z.array(categoryJson) },
      },
    },
    async () =>
      (await listCategoriesWithGenres(deps)).map((category) => ({
        ...category,
        genres: category.genres.map(toGenreJson),
      })),
  );
};
