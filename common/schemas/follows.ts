import { z } from "./german-errors.ts";
import { databaseId } from "./database-id.ts";
import { text } from "./text.ts";

/**
 * "Folgen" (decisions 0186–0188): a visitor follows clubs, organisers, genres and artists. The
 * browser keeps the list in local storage (key `folge-ich`); whatever it reads back passes
 * `followSchema` entry by entry, so a forged list loses its bad entries, never the page. The
 * server learns the list only once the visitor opts into a channel (push, "Für Dich").
 */

/** Follows one browser or account keeps at most. */
export const FOLLOWS_LIMIT = 200;

export const followKinds = ["club", "organizer", "genre", "artist"] as const;
export type FollowKind = (typeof followKinds)[number];

/** How the page names a kind ("Club", …), for the list on /folge-ich. */
export const followKindLabels: Record<FollowKind, string> = {
  club: "Club",
  organizer: "Veranstalter",
  genre: "Genre",
  artist: "Artist",
};

const MAX_NAME_LENGTH = 200;
const entityId = databaseId();

/** Pages of the four kinds: paths on this site only, never another origin or a script. */
const followPathPattern =
  /^\/(club\/[a-z0-9-]*\/[1-9]\d{0,9}|party-veranstalter\/[a-z0-9-]*\/[1-9]\d{0,9}|party\/genre\/[a-z0-9-]*\/[1-9]\d{0,9}|artist\/[a-z0-9-]{1,200})$/;

/** One follow as the browser keeps it: enough to list it offline. */
export const followSchema = z.strictObject({
  kind: z.enum(followKinds),
  id: entityId,
  name: text().min(1).max(MAX_NAME_LENGTH),
  path: text().regex(followPathPattern),
});
export type Follow = z.infer<typeof followSchema>;

/** A follow as the API takes it. */
export const followRefSchema = z.strictObject({ kind: z.enum(followKinds), id: entityId });
export type FollowRef = z.infer<typeof followRefSchema>;

export const followKey = (follow: FollowRef) => `${follow.kind}:${follow.id}`;

/**
 * The valid entries of a stored list, at most `FOLLOWS_LIMIT`, each once (the first wins);
 * anything that is not a list gives an empty one. Only the first 400 entries are looked at.
 */
export function validFollows(stored: unknown): Follow[] {
  if (!Array.isArray(stored)) return [];
  const kept: Follow[] = [];
  const seen = new Set<string>();
  for (const entry of stored.slice(0, FOLLOWS_LIMIT * 2)) {
    const parsed = followSchema.safeParse(entry);
    if (!parsed.success || seen.has(followKey(parsed.data))) continue;
    seen.add(followKey(parsed.data));
    kept.push(parsed.data);
    if (kept.length === FOLLOWS_LIMIT) break;
  }
  return kept;
}

/** The follower's secret: 256 random bits, base64url (43 characters). */
export const followerSecretSchema = text().regex(
  /^[A-Za-z0-9_-]{43}$/,
  "Dieser Schlüssel ist ungültig.",
);

/** Saved party ids a follower's browser sends along (its `gemerkt` list; decision 0189). */
export const FOLLOWER_SAVED_PARTIES_LIMIT = 200;

/**
 * The ids of the browser's saved parties; when given, they replace the server's copy (absent:
 * the copy stays as it is).
 */
const savedPartyIdsSchema = z
  .array(entityId)
  .max(FOLLOWER_SAVED_PARTIES_LIMIT, `Höchstens ${FOLLOWER_SAVED_PARTIES_LIMIT} Partys.`)
  .optional();

/**
 * Of the saved parties, those with "Erinnern" (one push on the party's afternoon, decision 0224);
 * read only together with `saved_parties`, ids not among them are passed over.
 */
const remindPartyIdsSchema = z
  .array(entityId)
  .max(FOLLOWER_SAVED_PARTIES_LIMIT, `Höchstens ${FOLLOWER_SAVED_PARTIES_LIMIT} Partys.`)
  .optional();

/** PUT /api/follower/follows/: the browser's list, replacing the server's copy. */
export const followsBody = z.strictObject({
  secret: followerSecretSchema,
  follows: z.array(followRefSchema).max(FOLLOWS_LIMIT, `Höchstens ${FOLLOWS_LIMIT} Einträge.`),
  saved_parties: savedPartyIdsSchema,
  remind_parties: remindPartyIdsSchema,
});

/** POST /api/follower/: a new follower with the browser's list. */
export const newFollowerBody = z.strictObject({
  follows: z.array(followRefSchema).max(FOLLOWS_LIMIT, `Höchstens ${FOLLOWS_LIMIT} Einträge.`),
  saved_parties: savedPartyIdsSchema,
  remind_parties: remindPartyIdsSchema,
});

export const followerSecretBody = z.strictObject({ secret: followerSecretSchema });

/** PUT /api/follower/live-updates/: words from the door by push, on or off (decision 0221). */
export const liveUpdatesBody = z.strictObject({
  secret: followerSecretSchema,
  live_updates: z.boolean({ error: "Bitte gib an, ob Live-Updates an sein sollen." }),
});

const base64url = (min: number, max: number) =>
  text()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Ungültiger Schlüssel.");

export const MAX_ENDPOINT_LENGTH = 1_000;

/**
 * A browser's push subscription (PushSubscription.toJSON()). The endpoint's origin is checked
 * by the server (https only; http://127.0.0.1 in tests).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: text().min(1).max(MAX_ENDPOINT_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 point is 65 bytes (87 characters); the auth secret 16 (22).
    p256dh: base64url(80, 100),
    auth: base64url(20, 30),
  }),
});

export const pushSubscriptionBody = z.strictObject({
  secret: followerSecretSchema,
  subscription: pushSubscriptionSchema,
});

export const pushEndpointBody = z.strictObject({
  secret: followerSecretSchema,
  endpoint: text().min(1).max(MAX_ENDPOINT_LENGTH),
});

/** POST /api/follower/newsletter/: "Für Dich" in the Thursday issue (double opt-in). */
export const forYouBody = z.strictObject({
  secret: followerSecretSchema,
  email: z.email("Bitte gib eine gültige E-Mail-Adresse ein.").max(254),
});

/** Messages the follow buttons and /folge-ich show. */
export const followMessages = {
  full: `Du folgst schon ${FOLLOWS_LIMIT} Einträgen. Entferne erst einen, bevor Du einem neuen folgst.`,
  storageRefused:
    "Dein Browser lässt uns die Liste nicht speichern (privater Modus?). Folgen klappt so leider nicht.",
  remindStorageRefused:
    "Dein Browser lässt uns nichts speichern (privater Modus?). Erinnern klappt so leider nicht.",
  pushUnsupported: "Dein Browser kann keine Benachrichtigungen empfangen.",
  pushDenied:
    "Du hast Benachrichtigungen für diese Seite blockiert. Erlaube sie in den Einstellungen Deines Browsers, um sie einzuschalten.",
  pushOn: "Benachrichtigungen sind eingeschaltet.",
  pushOff: "Benachrichtigungen sind ausgeschaltet.",
  unreachable: "Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.",
  forYouRequested:
    "Fast geschafft! Bestätige die E-Mail, die wir Dir geschickt haben; dann steht „Für Dich“ im Donnerstags-Newsletter.",
  unknownFollower:
    "Diese Liste kennen wir nicht (mehr). Schalte die Benachrichtigungen bitte neu ein.",
  badEndpoint: "Diese Push-Adresse nehmen wir nicht an.",
  unknownTarget: "Diesen Eintrag gibt es nicht.",
  unknownParty: "Diese Party gibt es nicht.",
  savedPartiesByPush: "Mit Benachrichtigungen hörst Du auch, wenn sich eine gemerkte Party ändert.",
  liveUpdatesOn:
    "Live-Updates sind an: Du hörst, was die Tür Deiner gemerkten Partys und Clubs meldet.",
  liveUpdatesOff: "Live-Updates sind aus.",
} as const;
