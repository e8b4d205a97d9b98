import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { hasMorePages, lastPageOf } from "#common/paging.ts";
import type { Page } from "#server/domain/paging.ts";

/** SPEC §3's paged list: count, next, previous, results. */
export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

function pageUrl(request: FastifyRequest, publicUrl: string, page: number): string {
  const url = new URL(request.url, publicUrl);
  url.searchParams.delete("_");
  if (page === 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(page));
  return url.toString();
}

export function toPagedResponse<T, R>(
  request: FastifyRequest,
  publicUrl: string,
  page: Page<T>,
  serialize: (item: T) => R,
) {
  const lastPage = lastPageOf(page);
  return {
    count: page.count,
    next: hasMorePages(page) ? pageUrl(request, publicUrl, page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(request, publicUrl, Math.min(page.page - 1, lastPage)) : null,
    results: page.items.map(serialize),
  };
}
