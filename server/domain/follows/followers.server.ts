import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import {
  FOLLOWER_SAVED_PARTIES_LIMIT,
  FOLLOWS_LIMIT,
  followKey,
  followMessages,
  type FollowKind,
  type FollowRef,
} from "#common/schemas/follows.ts";
import { genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { followerSavedParties, followers, follows } from "#server/db/schema/follows.ts";
import { artists } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";

/**
 * Followers and their follows (decision 0186). A follower is a browser (or account) that opted
 * into a channel; it proves itself with a 256-bit secret, of which only the SHA-256 is stored.
 */

const hashFollowerSecret = (secret: string) =>
  createHash("sha256").update(secret).digest("base64url");

const targetTables = {
  club: locations,
  organizer: organizers,
  genre: genres,
  artist: artists,
} as const;

/**
 * Each follow once, in the given order; every id must name an existing club, organiser, genre or
 * artist — else a ValidationError keyed "follows.{index}" (a forged list is refused, not trimmed).
 */
async function checkedFollows(deps: DomainDeps, refs: FollowRef[]): Promise<FollowRef[]> {
  const unique: FollowRef[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    if (seen.has(followKey(ref))) continue;
    seen.add(followKey(ref));
    unique.push(ref);
  }
  if (unique.length > FOLLOWS_LIMIT) {
    throw new ValidationError({ follows: [followMessages.full] });
  }
  const known = new Set<string>();
  for (const kind of Object.keys(targetTables) as FollowKind[]) {
    const ids = unique.filter((ref) => ref.kind === kind).map((ref) => ref.id);
    if (ids.length === 0) continue;
    const table = targetTables[kind];
    const rows = await deps.db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    for (const row of rows) known.add(`${kind}:${row.id}`);
  }
  const errors: Record<string, string[]> = {};
  refs.forEach((ref, index) => {
    if (!known.has(followKey(ref))) errors[`follows.${index}`] = [followMessages.unknownTarget];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return unique;
}

/**
 * The browser's saved parties (decision 0189), each once; every id must name a public party
 * (published or cancelled) — else a ValidationError keyed "saved_parties.{index}". Someone's
 * draft, or a party waiting for or refused approval, answers exactly like an id that does not
 * exist, so the route cannot tell which ids are taken. At most 200.
 */
async function checkedSavedParties(deps: DomainDeps, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length > FOLLOWER_SAVED_PARTIES_LIMIT) {
    throw new ValidationError({
      saved_parties: [`Höchstens ${FOLLOWER_SAVED_PARTIES_LIMIT} Partys.`],
    });
  }
  const known = new Set<number>();
  if (unique.length > 0) {
    const rows = await deps.db
      .select({ id: events.id })
      .from(events)
      .where(and(inArray(events.id, unique), inArray(events.status, [...publicStatuses])));
    for (const row of rows) known.add(row.id);
  }
  const errors: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!known.has(id)) errors[`saved_parties.${index}`] = [followMessages.unknownParty];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return unique;
}

/** Both lists checked; the field errors of both in one ValidationError. */
async function checkedLists(
  deps: DomainDeps,
  refs: FollowRef[],
  savedPartyIds: number[] | undefined,
): Promise<{ follows: FollowRef[]; saved: number[] | undefined }> {
  const [followsResult, savedResult] = await Promise.allSettled([
    checkedFollows(deps, refs),
    savedPartyIds === undefined
      ? Promise.resolve(undefined)
      : checkedSavedParties(deps, savedPartyIds),
  ]);
  const errors: Record<string, string[]> = {};
  for (const result of [followsResult, savedResult]) {
    if (result.status === "rejected") {
      if (!(result.reason instanceof ValidationError)) throw result.reason;
      Object.assign(errors, result.reason.fieldErrors);
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    follows: (followsResult as PromiseFulfilledResult<FollowRef[]>).value,
    saved: (savedResult as PromiseFulfilledResult<number[] | undefined>).value,
  };
}

/** The follower a secret belongs to; NotFoundError for an unknown one. */
export async function followerIdOf(deps: DomainDeps, secret: string): Promise<number> {
  const [row] = await deps.db
    .select({ id: followers.id })
    .from(followers)
    .where(eq(followers.secretHash, hashFollowerSecret(secret)));
  if (!row) throw new NotFoundError(followMessages.unknownFollower);
  return row.id;
}

/** The follower's follows, oldest first. */
async function listFollows(deps: DomainDeps, followerId: number): Promise<FollowRef[]> {
  return deps.db
    .select({ kind: follows.kind, id: follows.targetId })
    .from(follows)
    .where(eq(follows.followerId, followerId))
    .orderBy(follows.createdAt, follows.kind, follows.targetId);
}

/** The rows of a follower's saved parties, "Erinnern" on for those in `remindPartyIds`. */
function savedPartyRows(followerId: number, saved: number[], remindPartyIds: number[] = []) {
  const remind = new Set(remindPartyIds);
  return saved.map((eventId) => ({ followerId, eventId, remind: remind.has(eventId) }));
}

/**
 * Replaces the follower's follows by the browser's list (checked as above) and, when given, its
 * saved parties (decision 0189; absent: the server's copy stays) with their "Erinnern"
 * (`remindPartyIds`, decision 0224: ids not among the saved ones are passed over).
 */
export async function replaceFollows(
  deps: DomainDeps,
  followerId: number,
  refs: FollowRef[],
  savedPartyIds?: number[],
  remindPartyIds?: number[],
): Promise<FollowRef[]> {
  const { follows: wanted, saved } = await checkedLists(deps, refs, savedPartyIds);
  await deps.db.transaction(async (tx) => {
    if (saved !== undefined) {
      await tx.delete(followerSavedParties).where(eq(followerSavedParties.followerId, followerId));
      if (saved.length > 0) {
        await tx
          .insert(followerSavedParties)
          .values(savedPartyRows(followerId, saved, remindPartyIds))
          .onConflictDoNothing();
      }
    }
    await tx.delete(follows).where(eq(follows.followerId, followerId));
    if (wanted.length > 0) {
      await tx
        .insert(follows)
        .values(wanted.map((ref) => ({ followerId, kind: ref.kind, targetId: ref.id })))
        .onConflictDoNothing();
    }
    await tx.update(followers).set({ updatedAt: deps.now() }).where(eq(followers.id, followerId));
  });
  return listFollows(deps, followerId);
}

/**
 * A new follower with the browser's list (and saved parties with their "Erinnern", as
 * `replaceFollows`); answers the secret, shown to this browser once and never again. `userId`:
 * the signed-in account it belongs to.
 */
export async function createFollower(
  deps: DomainDeps,
  refs: FollowRef[],
  userId: number | null = null,
  savedPartyIds?: number[],
  remindPartyIds?: number[],
): Promise<{ secret: string; follows: FollowRef[] }> {
  const { follows: wanted, saved } = await checkedLists(deps, refs, savedPartyIds);
  const secret = randomBytes(32).toString("base64url");
  const [created] = await deps.db
    .insert(followers)
    .values({ secretHash: hashFollowerSecret(secret), userId })
    .returning({ id: followers.id });
  const followerId = created!.id;
  if (wanted.length > 0) {
    await deps.db
      .insert(follows)
      .values(wanted.map((ref) => ({ followerId, kind: ref.kind, targetId: ref.id })))
      .onConflictDoNothing();
  }
  if (saved && saved.length > 0) {
    await deps.db
      .insert(followerSavedParties)
      .values(savedPartyRows(followerId, saved, remindPartyIds))
      .onConflictDoNothing();
  }
  return { secret, follows: await listFollows(deps, followerId) };
}

/** Forgets a follower: its follows, push subscriptions and "Für Dich" link go with it. */
export async function deleteFollower(deps: DomainDeps, followerId: number): Promise<void> {
  await deps.db.delete(followers).where(eq(followers.id, followerId));
}

/**
 * "Live-Updates von der Tür" (decision 0221): whether the follower's browsers hear the words
 * from the door of the parties it saved and of the clubs it follows. Answers the new setting.
 */
export async function setLiveUpdates(
  deps: DomainDeps,
  followerId: number,
  on: boolean,
): Promise<boolean> {
  await deps.db
    .update(followers)
    .set({ liveUpdates: on, updatedAt: deps.now() })
    .where(eq(followers.id, followerId));
  return on;
}
