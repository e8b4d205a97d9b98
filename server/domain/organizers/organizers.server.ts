import { eq } from "drizzle-orm";
import { organizers } from "../../db/schema/catalog.ts";
import type { DomainDeps } from "../deps.ts";
import { NotFoundError } from "../errors.ts";

export type Organizer = typeof organizers.$inferSelect;

export async function getOrganizer({ db }: DomainDeps, id: number): Promise<Organizer> {
  const [organizer] = await db.select().from(organizers).where(eq(organizers.id, id));
  if (!organizer) throw new NotFoundError("Diesen Veranstalter gibt es nicht.");
  return organizer;
}
