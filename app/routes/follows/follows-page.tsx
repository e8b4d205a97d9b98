import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  followKey,
  followKindLabels,
  followKinds,
  followMessages,
  type Follow,
} from "#common/schemas/follows.ts";
import {
  ensureFollowerSecret,
  followerApi,
  switchLiveUpdates,
  toggleFollow,
  useFollows,
} from "#app/lib/follows-store.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { disablePush, enablePush, usePushSubscribed } from "#app/lib/push-notifications.ts";
import { useSavedParties } from "#app/lib/saved-parties-store.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * "Folge ich" (decisions 0186–0188): what this browser follows, and the channels, each opt-in —
 * push notifications (permission asked only after the click) and "Für Dich" in the Thursday
 * newsletter. The HTML is the same for every visitor; the list renders after hydration.
 */

/** The same for every visitor (the list is theirs alone, in their browser). */
export const headers = publicPageHeaders;

export const meta = privatePageMeta("Folge ich");

function FollowList({ follows }: { follows: Follow[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {followKinds.flatMap((kind) =>
        follows
          .filter((follow) => follow.kind === kind)
          .map((follow) => (
            <li
              key={followKey(follow)}
              className="flex items-center justify-between gap-3 rounded-xl border border-line p-3"
            >
              <span className="flex flex-col">
                <span className="text-sm text-muted">{followKindLabels[kind]}</span>
                <Link to={follow.path} className="font-semibold underline underline-offset-4">
                  {follow.name}
                </Link>
              </span>
              <button
                type="button"
                onClick={() => void toggleFollow(follow)}
                aria-label={`Nicht mehr folgen: ${follow.name}`}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold hover:border-ink"
              >
                Entfernen
              </button>
            </li>
          )),
      )}
    </ul>
  );
}

/**
 * "Live-Updates von der Tür" (decision 0221): its own switch, off until switched on, offered
 * once notifications are on — the words from the door of saved parties and followed clubs.
 */
function LiveUpdatesSwitch() {
  const on = useFollows()?.liveUpdates ?? false;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    if (await switchLiveUpdates(!on)) {
      setDone(on ? followMessages.liveUpdatesOff : followMessages.liveUpdatesOn);
    }
    setBusy(false);
  };
  return (
    <div id="live-updates" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h3 className="text-lg font-bold">Live-Updates von der Tür</h3>
      <p>
        Während der Partynacht melden Clubs, wie es an der Tür aussieht: „Einlassstopp“, „Schlange
        ca. 20 Min.“ und mehr. Mit Live-Updates bekommst Du das für Deine gemerkten Partys und die
        Clubs, denen Du folgst.
      </p>
      <p>
        <button
          type="button"
          aria-pressed={on}
          disabled={busy}
          onClick={() => void toggle()}
          className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-ink disabled:opacity-60"
        >
          Live-Updates von der Tür
        </button>
      </p>
      {done ? <p>{done}</p> : null}
    </div>
  );
}

function PushSwitch() {
  const [subscribed, setSubscribed] = usePushSubscribed();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    if (subscribed) {
      await disablePush();
      setSubscribed(false);
      setDone(followMessages.pushOff);
    } else if (await enablePush()) {
      setSubscribed(true);
      setDone(followMessages.pushOn);
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="benachrichtigungen" className="flex flex-col gap-3">
      <h2 id="benachrichtigungen" className="text-xl font-black">
        Benachrichtigungen
      </h2>
      <p>Erfahre sofort, wenn es eine neue Party gibt, mit allem, dem Du folgst.</p>
      <p>{followMessages.savedPartiesByPush}</p>
      <p>
        <button
          type="button"
          disabled={busy || subscribed === null}
          onClick={() => void toggle()}
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 font-semibold text-accent-ink disabled:opacity-60"
        >
          {subscribed ? "Benachrichtigungen ausschalten" : "Benachrichtigungen einschalten"}
        </button>
      </p>
      {done ? <p>{done}</p> : null}
      {subscribed ? <LiveUpdatesSwitch /> : null}
    </section>
  );
}

function ForYouForm() {
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setError(null);
    const secret = await ensureFollowerSecret();
    if (!secret) return;
    const answer = await followerApi("follower/newsletter/", { secret, email });
    const json = answer?.json as { detail?: string; email?: string[] } | null;
    if (answer?.status === 202) setMessage(json?.detail ?? followMessages.forYouRequested);
    else setError(json?.email?.[0] ?? json?.detail ?? followMessages.unreachable);
  };
  const stop = async () => {
    const secret = await ensureFollowerSecret();
    if (!secret) return;
    const answer = await followerApi("follower/newsletter/stop/", { secret });
    if (answer?.status === 204) {
      setMessage("„Für Dich“ ist abbestellt. Den Newsletter bekommst Du weiter.");
    } else setError(followMessages.unreachable);
  };
  return (
    <section aria-labelledby="fuer-dich" className="flex flex-col gap-3">
      <h2 id="fuer-dich" className="text-xl font-black">
        „Für Dich“ im Newsletter
      </h2>
      <p>
        Jeden Donnerstag die Partys des Wochenendes, oben drauf die mit allem, dem Du folgst. Du
        bestätigst die Anmeldung über einen Link, den wir Dir schicken.
      </p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
        <label htmlFor="fuer-dich-email" className="font-semibold">
          E-Mail-Adresse
        </label>
        <input
          id="fuer-dich-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "fuer-dich-fehler" : undefined}
          className="min-h-11 rounded-lg border border-line bg-paper px-3"
        />
        {error ? (
          <p id="fuer-dich-fehler" role="alert" className="text-danger">
            {error}
          </p>
        ) : null}
        <p className="flex flex-wrap gap-3">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 font-semibold text-accent-ink"
          >
            „Für Dich“ bestellen
          </button>
          <button
            type="button"
            onClick={() => void stop()}
            className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold"
          >
            „Für Dich“ abbestellen
          </button>
        </p>
      </form>
      {message ? <p>{message}</p> : null}
    </section>
  );
}

const webcal = (url: string) => url.replace(/^https?:/, "webcal:");

function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async (renew: boolean) => {
    setError(null);
    const secret = await ensureFollowerSecret();
    if (!secret) return;
    const answer = await followerApi(renew ? "follower/feed/renew/" : "follower/feed/", {
      secret,
    });
    const next = (answer?.json as { url?: unknown } | null)?.url;
    if (answer?.status === 200 && typeof next === "string") setUrl(next);
    else setError(followMessages.unreachable);
  };
  return (
    <section aria-labelledby="kalender" className="flex flex-col gap-3">
      <h2 id="kalender" className="text-xl font-black">
        Als Kalender
      </h2>
      <p>Die kommenden Partys mit allem, dem Du folgst, in Deiner Kalender-App.</p>
      {url ? (
        <p className="flex flex-wrap gap-3">
          <a
            href={webcal(url)}
            className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 font-semibold text-accent-ink"
          >
            Kalender abonnieren
          </a>
          <button
            type="button"
            onClick={() => void load(true)}
            className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold"
          >
            Neue Adresse erzeugen
          </button>
        </p>
      ) : (
        <p>
          <button
            type="button"
            onClick={() => void load(false)}
            className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold"
          >
            Kalender-Adresse zeigen
          </button>
        </p>
      )}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export default function FollowsPage() {
  const hydrated = useHydrated();
  const stored = useFollows();
  const follows = stored?.follows ?? [];
  const savedCount = useSavedParties()?.parties.length ?? 0;
  return (
    <div className="flex max-w-2xl flex-col gap-8 py-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Folge ich</h1>
      {!hydrated || stored === null ? null : follows.length === 0 ? (
        <>
          <p>
            Du folgst noch niemandem. Tippe auf „Folgen“ auf der Seite eines Clubs, Veranstalters,
            Genres oder Artists. <Link to="/club">Zu den Clubs</Link>
          </p>
          {/* Saved parties alone are worth a push when they change (decision 0189). */}
          {savedCount > 0 ? <PushSwitch /> : null}
        </>
      ) : (
        <>
          <FollowList follows={follows} />
          <PushSwitch />
          <ForYouForm />
          <CalendarFeed />
        </>
      )}
    </div>
  );
}
