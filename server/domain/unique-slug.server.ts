import { like } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { slugify } from "#common/slug.ts";
import type { DomainDeps } from "./deps.ts";

/** A slug from `name` that no row of the table has yet ("name", "name-2", …). */
export async function uniqueSlug(
  deps: DomainDeps,
  table: PgTable,
  column: PgColumn,
  name: string,
  fallback: string,
): Promise<string> {
  const base = slugify(name) || fallback;
  const rows = await deps.db
    .select({ slug: column })
    .from(table)
    .where(like(column, `${base}%`));
  const taken = new Set(rows.map((row) => row.slug as string));
  let slug = base;
  for (let number = 2; taken.has(slug); number += 1) slug = `${base}-${number}`;
  return slug;
}
