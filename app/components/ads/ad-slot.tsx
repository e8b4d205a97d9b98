import { useEffect, useRef } from "react";
import { AdThumbnail } from "./ad-thumbnail.tsx";

export interface AdSlotAd {
  id: number;
  title: string;
  image: string | null;
  clickPath: string;
}

/**
 * Running ads between the listing's nights. A view is counted once the ad is half visible
 * (POST /api/ad-views/, once per visitor and day on the server); the link goes through the
 * counting redirect.
 */
export function AdSlot({ ads }: { ads: AdSlotAd[] }) {
  if (ads.length === 0) return null;
  return (
    <aside aria-label="Anzeigen" className="flex flex-col gap-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">Anzeige</p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <li key={ad.id}>
            <AdTile ad={ad} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

function AdTile({ ad }: { ad: AdSlotAd }) {
  const tile = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = tile.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetch("/api/ad-views/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ad: ad.id }),
          keepalive: true,
        }).catch(() => {});
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ad.id]);
  return (
    <a
      ref={tile}
      href={ad.clickPath}
      rel="sponsored noopener"
      target="_blank"
      className="flex min-h-11 items-center gap-4 overflow-hidden rounded-2xl border border-line bg-card p-3 hover:border-ink"
    >
      <AdThumbnail src={ad.image} lazy />
      <span className="font-semibold">{ad.title || "Anzeige"}</span>
    </a>
  );
}
