/**
 * The tracking services of the consent category "tracking", injected only after consent.
 * Scripts created here are allowed by the CSP's 'strict-dynamic' (decision 0020).
 */

type Queue = unknown[] & { push: (...items: unknown[]) => number };

declare global {
  interface Window {
    dataLayer?: Queue;
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
  }
}

const loaded = new Set<string>();

function addScript(src: string) {
  if (loaded.has(src)) return;
  loaded.add(src);
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Google Tag Manager; the container decides which Analytics tags run. */
export function loadGoogleTagManager(containerId: string) {
  window.dataLayer = window.dataLayer ?? ([] as unknown as Queue);
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`);
}

/** Google Analytics 4 directly (gtag.js), when no tag manager container is configured. */
export function loadGoogleAnalytics(measurementId: string) {
  const dataLayer = (window.dataLayer = window.dataLayer ?? ([] as unknown as Queue));
  // gtag.js reads the `arguments` objects it finds in the data layer.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag("js", new Date());
  gtag("config", measurementId, { anonymize_ip: true });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
}

/** Microsoft Clarity (session recording). */
export function loadClarity(projectId: string) {
  if (!window.clarity) {
    const clarity = (...args: unknown[]) => {
      (clarity.q = clarity.q ?? []).push(args);
    };
    clarity.q = [] as unknown[];
    window.clarity = clarity;
  }
  addScript(`https://www.clarity.ms/tag/${encodeURIComponent(projectId)}`);
}
