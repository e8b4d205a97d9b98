import { useEffect, useRef } from "react";

const countTopEvent = (path: string, eventId: number) =>
  void fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ event: eventId }),
    keepalive: true,
  }).catch(() => {});

/**
 * What a top event's buyer gets back from a listing (decision 0064): the card counts as seen
 * once it is half visible (POST /api/event-impressions/) and following its link counts a click
 * (POST /api/event-clicks/). Both are counted in the browser, so cached pages stay cacheable;
 * the server dedupes per visitor and day and ignores parties that are not top. Returns the
 * card's ref and the link's click handler; both do nothing for other parties.
 */
export function useTopEventCounter<Card extends HTMLElement>(eventId: number, isTop: boolean) {
  const card = useRef<Card>(null);
  useEffect(() => {
    const element = card.current;
    if (!isTop || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        countTopEvent("/api/event-impressions/", eventId);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [eventId, isTop]);
  const onFollow = () => {
    if (isTop) countTopEvent("/api/event-clicks/", eventId);
  };
  return { card, onFollow };
}
