import { useEffect } from "react";
import { useLocation } from "react-router";
import { REVEAL_OFFSET_PX } from "#common/constants.ts";

/**
 * SPEC §2's scroll animation: elements marked `data-reveal` that start below the fold fade up
 * (0.7 s, app.css) once they are 100 px inside the viewport. Elements already visible are never
 * hidden, and with `prefers-reduced-motion` nothing moves.
 */
export function useRevealOnScroll() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          (entry.target as HTMLElement).dataset.reveal = "shown";
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    for (const element of document.querySelectorAll<HTMLElement>(
      '[data-reveal]:not([data-reveal="pending"]):not([data-reveal="shown"])',
    )) {
      if (element.getBoundingClientRect().top < window.innerHeight - REVEAL_OFFSET_PX) continue;
      element.dataset.reveal = "pending";
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [pathname]);
}
