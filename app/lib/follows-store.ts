import { useSyncExternalStore } from "react";
import { isDatabaseId } from "#common/database-id.ts";
import {
  FOLLOWER_SAVED_PARTIES_LIMIT,
  FOLLOWS_LIMIT,
  followKey,
  followMessages,
  validFollows,
  type Follow,
} from "#common/schemas/follows.ts";
import { checkedLocalStorage } from "./checked-local-storage.ts";
import { loadSavedParties } from "./saved-parties-store.ts";
import { showSavedPartyNotice } from "./saved-party-notice.ts";

/**
 * What this browser follows (decision 0186): local storage under `folge-ich`, written only when
 * the visitor taps "Folgen" or switches a channel on — never on a page load. Read back, every
 * entry passes the shared zod schema (forged entries are dropped) and the list is bounded.
 * `secret` exists once the visitor opted into a channel: the server then keeps a copy of the
 * list (synced on every change), known by the secret's hash only. Beside it, the push reminders
 * of the browser's saved parties (decision 0224): which have "Erinnern", and the default for new
 * saves.
 */

export interface StoredFollows {
  follows: Follow[];
  /** The follower's secret (43 base64url characters), once a channel is on. */
  secret: string | null;
  /** Ids of saved parties with "Erinnern": one push on the party's afternoon. */
  reminders: number[];
  /** New saves get "Erinnern" ("Gemerkte Partys automatisch erinnern"). */
  remindSaved: boolean;
  /** "Live-Updates von der Tür" as last switched here; the server's setting is what counts. */
  liveUpdates: boolean;
}

const EMPTY: StoredFollows = {
  follows: [],
  secret: null,
  reminders: [],
  remindSaved: false,
  liveUpdates: false,
};

/** The stored reminder ids that are ids, each once, at most as many as saved parties. */
function validReminders(stored: unknown): number[] {
  if (!Array.isArray(stored)) return [];
  const ids = stored.filter((id): id is number => typeof id === "number" && isDatabaseId(id));
  return [...new Set(ids)].slice(0, FOLLOWER_SAVED_PARTIES_LIMIT);
}

const stored = checkedLocalStorage<StoredFollows>({
  key: "folge-ich",
  empty: EMPTY,
  isEmpty: (value) =>
    value.follows.length === 0 &&
    value.secret === null &&
    value.reminders.length === 0 &&
    !value.remindSaved,
  loadCheck: () =>
    Promise.resolve((json) => {
      if (typeof json !== "object" || json === null) return EMPTY;
      const { follows, secret, reminders, remindSaved, liveUpdates } = json as Record<
        string,
        unknown
      >;
      const kept = typeof secret === "string" && /^[A-Za-z0-9_-]{43}$/.test(secret) ? secret : null;
      return {
        follows: validFollows(follows),
        secret: kept,
        reminders: validReminders(reminders),
        remindSaved: remindSaved === true,
        liveUpdates: kept !== null && liveUpdates === true,
      };
    }),
});

/** The stored follows, checked (the same object until they change). */
export const loadFollows = stored.load;

/** Stores the list; nothing left (no follows, no secret) takes the key away. */
export const writeFollows = stored.write;

/**
 * The follows; in the server's HTML and until hydration none (pages stay the same), null for the
 * moment a stored list waits for its check.
 */
export function useFollows(): StoredFollows | null {
  return useSyncExternalStore(stored.subscribe, stored.read, () => EMPTY);
}

const refsOf = (follows: Follow[]) => follows.map(({ kind, id }) => ({ kind, id }));

/** A JSON call to the follower API; the answer's JSON, or null when it failed. */
export async function followerApi(
  path: string,
  body: unknown,
  method: "POST" | "PUT" = "POST",
): Promise<{ status: number; json: unknown } | null> {
  try {
    const response = await fetch(`/api/${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
    });
    const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    return { status: response.status, json };
  } catch {
    return null;
  }
}

/** The ids of this browser's saved parties (`gemerkt`), sent along once a channel is on. */
const savedPartyIds = async () => (await loadSavedParties()).parties.map((party) => party.id);

/**
 * Of `saved`, those with "Erinnern" by push — none while the list mirrors an account: an
 * account's reminder is its mail (decision 0224).
 */
async function remindPartyIds(saved: number[]): Promise<number[]> {
  if ((await loadSavedParties()).owner !== null) return [];
  const reminders = new Set((await loadFollows()).reminders);
  return saved.filter((id) => reminders.has(id));
}

/**
 * The ids the server refused (`saved_parties.{index}`: a party deleted since it was saved) are
 * left out, so one gone party does not stop the sync; null when anything else was refused.
 */
function withoutRefused(ids: number[], answer: { status: number; json: unknown } | null) {
  if (answer?.status !== 400 || typeof answer.json !== "object" || answer.json === null) {
    return null;
  }
  const keys = Object.keys(answer.json);
  const refused = new Set<number>();
  for (const key of keys) {
    const match = /^saved_parties\.(\d+)$/.exec(key);
    if (!match) return null;
    refused.add(Number(match[1]));
  }
  return ids.filter((_id, index) => !refused.has(index));
}

/**
 * Sends the list, and the saved parties' ids (decision 0189), to the server's copy — only once a
 * channel is on: a browser without a follower sends nothing.
 */
async function syncFollows(stored: StoredFollows) {
  if (stored.secret === null) return;
  const put = async (saved: number[]) =>
    followerApi(
      "follower/follows/",
      {
        secret: stored.secret,
        follows: refsOf(stored.follows),
        saved_parties: saved,
        remind_parties: await remindPartyIds(saved),
      },
      "PUT",
    );
  const saved = await savedPartyIds();
  let answer = await put(saved);
  const kept = withoutRefused(saved, answer);
  if (kept) answer = await put(kept);
  if (answer?.status === 404) {
    // The server forgot this follower: the channels must be switched on again.
    writeFollows({ ...(await loadFollows()), secret: null, liveUpdates: false });
  }
  if (!answer || answer.status >= 500) showSavedPartyNotice(followMessages.unreachable);
}

/**
 * "Live-Updates von der Tür" on or off (decision 0221): the server keeps the switch with the
 * follower (made first if need be); this browser remembers it to show it. True when it took.
 */
export async function switchLiveUpdates(on: boolean): Promise<boolean> {
  const secret = await ensureFollowerSecret();
  if (!secret) return false;
  const answer = await followerApi("follower/live-updates/", { secret, live_updates: on }, "PUT");
  if (answer?.status === 404) {
    writeFollows({ ...(await loadFollows()), secret: null, liveUpdates: false });
    showSavedPartyNotice(followMessages.unknownFollower);
    return false;
  }
  if (answer?.status !== 200) {
    showSavedPartyNotice(followMessages.unreachable);
    return false;
  }
  writeFollows({ ...(await loadFollows()), liveUpdates: on });
  return true;
}

/** After a tap on a heart: the follower's copy of the saved parties follows (decision 0189). */
export async function syncSavedPartiesToFollower(): Promise<void> {
  await syncFollows(await loadFollows());
}

/**
 * After a heart's tap in a browser without an account: a new save takes the default "Erinnern",
 * a removed party loses its own (decision 0224). Call before the sync.
 */
export async function applyReminderDefault(partyId: number, saved: boolean): Promise<void> {
  const stored = await loadFollows();
  const others = stored.reminders.filter((id) => id !== partyId);
  const reminders = saved && stored.remindSaved ? [...others, partyId] : others;
  if (reminders.join() !== stored.reminders.join()) writeFollows({ ...stored, reminders });
}

/** "Folgen" / "Folge ich": adds or removes one follow. */
export async function toggleFollow(follow: Follow): Promise<void> {
  const stored = await loadFollows();
  const following = stored.follows.some((entry) => followKey(entry) === followKey(follow));
  if (!following && stored.follows.length >= FOLLOWS_LIMIT) {
    showSavedPartyNotice(followMessages.full);
    return;
  }
  const next = {
    ...stored,
    follows: following
      ? stored.follows.filter((entry) => followKey(entry) !== followKey(follow))
      : [...stored.follows, follow],
  };
  if (!writeFollows(next)) {
    showSavedPartyNotice(followMessages.storageRefused);
    return;
  }
  showSavedPartyNotice(null);
  await syncFollows(next);
}

/**
 * The follower's secret, made on first use (the visitor switched a channel on): the server
 * answers it for the browser's list, and it is kept beside the list.
 */
export async function ensureFollowerSecret(): Promise<string | null> {
  const stored = await loadFollows();
  if (stored.secret) return stored.secret;
  const saved = await savedPartyIds();
  const create = async (ids: number[]) =>
    followerApi("follower/", {
      follows: refsOf(stored.follows),
      saved_parties: ids,
      remind_parties: await remindPartyIds(ids),
    });
  let answer = await create(saved);
  const kept = withoutRefused(saved, answer);
  if (kept) answer = await create(kept);
  const secret = (answer?.json as { secret?: unknown } | null)?.secret;
  if (answer?.status !== 201 || typeof secret !== "string") {
    showSavedPartyNotice(followMessages.unreachable);
    return null;
  }
  if (!writeFollows({ ...(await loadFollows()), secret })) {
    showSavedPartyNotice(followMessages.storageRefused);
    return null;
  }
  return secret;
}
