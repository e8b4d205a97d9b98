import { eq } from "drizzle-orm";
import { locations } from "../../db/schema/catalog.ts";
import type { DomainDeps } from "../deps.ts";
import { NotFoundError } from "../errors.ts";

export type Club = typeof locations.$inferSelect;

export async function getClub({ db }: DomainDeps, id: number): Promise<Club> {
  const [club] = await db.select().from(locations).where(eq(locations.id, id));
  if (!club) throw new NotFoundError("Diesen Club gibt es nicht.");
  return club;
}
