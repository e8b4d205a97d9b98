import { useEffect } from "react";

/**
 * Counts this party page view once it is shown (POST /api/event-views/; the server dedupes);
 * null counts nothing (the team's preview, decision 0236).
 */
export function useViewCounter(eventId: number | null) {
  useEffect(() => {
    if (eventId === null) return;
    void fetch("/api/event-views/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: eventId }),
      keepalive: true,
    }).catch(() => {});
  }, [eventId]);
}
