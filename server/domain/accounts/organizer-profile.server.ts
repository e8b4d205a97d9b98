import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrganizerProfileInput } from "#common/schemas/account.ts";
import { organizerProfileSchema } from "#common/schemas/account.ts";
import type { TeamRole } from "#common/schemas/team.ts";
import { slugify } from "#common/slug.ts";
import type { Database } from "#server/db/client.server.ts";
import { organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { parseInput } from "#server/domain/parse-input.ts";

export interface OwnOrganizer {
  id: number;
  name: string;
  slug: string;
  description: string;
  website: string | null;
  instagram: string | null;
  tiktok: string | null;
  facebook: string | null;
}

const organizerColumns = {
  id: organizers.id,
  name: organizers.name,
  slug: organizers.slug,
  description: organizers.description,
  website: organizers.website,
  instagram: organizers.instagram,
  tiktok: organizers.tiktok,
  facebook: organizers.facebook,
};

/**
 * The organisers a user acts for: every team they are in (the event form names them), or only
 * the profiles they own (their data page edits those, decision 0232).
 */
export async function listOwnOrganizers(
  db: Database,
  userId: number,
  roles: readonly TeamRole[] = ["owner", "member"],
): Promise<OwnOrganizer[]> {
  return db
    .select(organizerColumns)
    .from(organizers)
    .innerJoin(organizerMembers, eq(organizerMembers.organizerId, organizers.id))
    .where(and(eq(organizerMembers.userId, userId), inArray(organizerMembers.role, [...roles])))
    .orderBy(asc(organizers.name));
}

/** A slug nobody has yet: "kollektiv", then "kollektiv-2", "kollektiv-3", … */
async function freeSlug(db: Database, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: organizers.slug })
    .from(organizers)
    .where(sql`${organizers.slug} = ${base} or ${organizers.slug} like ${`${base}-%`}`);
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  let suffix = 2;
  while (used.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

const nullIfEmpty = (value: string) => (value === "" ? null : value);

/** Creates an organiser profile the user acts for. */
export async function createOrganizerForUser(
  db: Database,
  userId: number,
  profile: OrganizerProfileInput,
  now: Date,
): Promise<number> {
  const [organizer] = await db
    .insert(organizers)
    .values({
      name: profile.name,
      slug: await freeSlug(db, profile.name),
      description: profile.description,
      website: nullIfEmpty(profile.website),
      instagram: nullIfEmpty(profile.instagram),
      tiktok: nullIfEmpty(profile.tiktok),
      facebook: nullIfEmpty(profile.facebook),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: organizers.id });
  await db
    .insert(organizerMembers)
    .values({ organizerId: organizer!.id, userId, role: "owner", createdAt: now });
  return organizer!.id;
}

/**
 * Saves the user's organiser profile: updates the first one they own, or creates it when they
 * own none yet (registration without an organiser name, or only a member of others' teams).
 */
export async function saveOwnOrganizer(
  deps: DomainDeps,
  userId: number,
  input: unknown,
): Promise<OwnOrganizer> {
  const profile = parseInput(organizerProfileSchema, input);
  const [existing] = await listOwnOrganizers(deps.db, userId, ["owner"]);
  if (!existing) {
    await createOrganizerForUser(deps.db, userId, profile, deps.now());
  } else {
    await deps.db
      .update(organizers)
      .set({
        name: profile.name,
        description: profile.description,
        website: nullIfEmpty(profile.website),
        instagram: nullIfEmpty(profile.instagram),
        tiktok: nullIfEmpty(profile.tiktok),
        facebook: nullIfEmpty(profile.facebook),
        updatedAt: deps.now(),
      })
      .where(and(eq(organizers.id, existing.id)));
  }
  const [saved] = await listOwnOrganizers(deps.db, userId, ["owner"]);
  return saved!;
}
