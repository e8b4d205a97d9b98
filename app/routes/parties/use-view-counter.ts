import { useEffect } from "react";

/** Counts this party page view once it is shown (POST /api/event-views/; the server dedupes). */
export function useViewCounter(eventId: number) {
  useEffect(() => {
    void fetch("/api/event-views/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: eventId }),
      keepalive: true,
    }).catch(() => {});
  }, [eventId]);
}
