import { Link } from "react-router";
import { followKey, type Follow } from "#common/schemas/follows.ts";
import { followsPath } from "#common/urls.ts";
import { toggleFollow, useFollows } from "#app/lib/follows-store.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * "Folgen" / "Folge ich" on club, organiser, genre and artist pages (decision 0186): a toggle
 * button (aria-pressed) that appears once the page has hydrated — the list lives in this
 * browser, so the server's HTML stays the same for every visitor and cookie-free.
 */
export function FollowButton({ follow }: { follow: Follow }) {
  const hydrated = useHydrated();
  const stored = useFollows();
  if (!hydrated || stored === null) return null;
  const following = stored.follows.some((entry) => followKey(entry) === followKey(follow));
  return (
    <p className="flex flex-wrap items-center gap-4">
      <button
        type="button"
        aria-pressed={following}
        onClick={() => void toggleFollow(follow)}
        className="follow-button inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-5 font-semibold hover:border-ink aria-pressed:border-accent aria-pressed:text-accent"
      >
        {following ? "Folge ich" : "Folgen"}
      </button>
      {following ? (
        <Link to={followsPath} className="font-semibold text-accent underline underline-offset-4">
          Benachrichtigungen und „Für Dich“
        </Link>
      ) : null}
    </p>
  );
}
