import { Link } from "react-router";
import { useTopEventCounter } from "./use-top-event-counter.ts";
import { formatTime } from "#common/dates.ts";
import { flyerUrlSrcSet } from "#common/flyer-sizes.ts";
import { topEventBadge } from "#common/top-event-badge.ts";
import { savedPartyOfCard, type EventCardData } from "#app/lib/event-card-data.ts";
import { SaveHeart } from "./saved-parties/save-heart.tsx";

/**
 * The width a card's flyer is drawn at: browsers that know `auto` take the laid-out width of the
 * lazy image (72 px in the phone list, the column in the grid); the others the grid's column.
 * Flyers load at low priority, after the page's text, styles and code (decision 0194).
 */
const CARD_FLYER_SIZES = "auto, (width < 40rem) 100vw, (width < 64rem) 50vw, 20rem";

/**
 * A party in a listing, flyer first (DESIGN.md): the flyer at 4:5 over title, start time, club,
 * genres, price and age; promoted parties carry the paid placement's badge (common/top-event-badge.ts)
 * above the title, never on the flyer (decision 0212), and their impressions and clicks are
 * counted for the buyer; cancelled ones struck through but readable. On phones the same markup
 * is a compact row with a small square flyer unless the visitor chose the card grid; `wide`
 * lays a night's only party out across the row on larger screens (app.css, decision 0133). The
 * heart in the corner saves the party (decision 0180).
 */
export function EventCard({
  event,
  timeZone,
  wide = false,
}: {
  event: EventCardData;
  timeZone: string;
  wide?: boolean;
}) {
  const { cancelled, place, price } = event;
  const badge = topEventBadge(event.isTop);
  const { card, onFollow } = useTopEventCounter<HTMLElement>(event.id, event.isTop);
  return (
    <article
      ref={card}
      className={`event-card group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-card ${wide ? "event-card-wide" : ""}`}
    >
      <div className="event-card-flyer relative aspect-[4/5] overflow-hidden bg-line">
        {event.flyer ? (
          <img
            src={event.flyer}
            srcSet={flyerUrlSrcSet(event.flyer)}
            sizes={CARD_FLYER_SIZES}
            alt=""
            width={400}
            height={500}
            loading="lazy"
            fetchPriority="low"
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <div
            aria-hidden="true"
            className="event-card-placeholder flex size-full items-end bg-gradient-to-br from-accent/30 via-card to-line p-4 text-3xl font-black leading-none tracking-tight text-ink/20 [overflow-wrap:anywhere]"
          >
            {event.title}
          </div>
        )}
      </div>
      <div className="event-card-body flex min-w-0 flex-1 flex-col gap-1 p-4">
        {badge || cancelled ? (
          <p className="event-card-flags flex flex-wrap gap-1.5">
            {badge ? (
              <span className="event-card-badge rounded-full bg-accent px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-accent-ink">
                {badge}
              </span>
            ) : null}
            {cancelled ? (
              <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-paper">
                Abgesagt
              </span>
            ) : null}
          </p>
        ) : null}
        <h3 className="event-card-title text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={event.url}
            onClick={onFollow}
            className={`after:absolute after:inset-0 hover:underline ${cancelled ? "line-through decoration-2" : ""}`}
          >
            {event.title}
          </Link>
        </h3>
        <p className="tabular text-sm text-muted">
          <time dateTime={event.start}>{formatTime(new Date(event.start), timeZone)} Uhr</time>
          {place ? ` · ${place}` : null}
        </p>
        {event.genres.length > 0 ? (
          <p className="event-card-genres text-sm text-muted">{event.genres.join(" · ")}</p>
        ) : null}
        {price || event.ageLimit ? (
          <p className="event-card-badges flex flex-wrap gap-1.5 pt-1 text-xs font-semibold">
            {price ? (
              <span className="rounded-full border border-line px-2 py-0.5">{price}</span>
            ) : null}
            {event.ageLimit ? (
              <span className="rounded-full border border-line px-2 py-0.5">
                ab {event.ageLimit}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="event-card-heart absolute right-2 top-2">
        <SaveHeart variant="card" party={() => savedPartyOfCard(event)} />
      </div>
    </article>
  );
}
