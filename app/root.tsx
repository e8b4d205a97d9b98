import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { toWallClock } from "#common/dates.ts";
import { THEME_COLORS, themeAt, themeOverrideFromCookies } from "#common/theme.ts";
import { getNavigation } from "#server/domain/navigation/navigation.server.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import type { Route } from "./+types/root";
import interLatin from "./fonts/inter-latin-wght.woff2?url";
import spaceGroteskLatin from "./fonts/space-grotesk-latin-700.woff2?url";
import appStylesheet from "./app.css?url";
import consentBootScript from "virtual:inline-script/app/components/consent/consent-boot.ts";
import earlyTapBootScript from "virtual:inline-script/app/lib/early-tap-boot.ts";
import { InlineScript } from "./components/layout/inline-script.tsx";
import { useConsentManager } from "./components/consent/use-consent-manager.ts";
import { useAdminEditLink } from "./components/layout/admin-edit-link.ts";
import { LoadingBar } from "./components/layout/loading-bar.tsx";
import { SiteShell, type ShellData } from "./components/layout/site-shell.tsx";
import { SkipLink } from "./components/layout/skip-link.tsx";
import { SiteSearch } from "./components/search/site-search.tsx";
import { NewsletterPopup } from "./components/newsletter/newsletter-popup.tsx";
import { SavedPartyNotice } from "./components/saved-parties/saved-party-notice.tsx";
import { useSavedPartiesSync } from "./components/saved-parties/use-saved-parties-sync.ts";
import { useRevealOnScroll } from "./components/layout/use-reveal-on-scroll.ts";
import { ThemeContext } from "./components/theme/theme-context.ts";
import { ThemeScript } from "./components/theme/theme-script.tsx";
import { useThemeControl } from "./components/theme/use-theme-control.ts";
import { reloadForChunkError, reloadOnPreloadErrors } from "./lib/chunk-reload.ts";
import type { CurrentUser } from "./lib/current-user.ts";
import { markLoadingFailed } from "./lib/loading-bar-store.ts";
import { isNetworkFailure, loadKeptCopy } from "./lib/offline-navigation.ts";
import { reportBrowserError, startBrowserSentry } from "./lib/sentry-browser.ts";
import { siteMeta } from "./lib/site-meta.ts";
import { siteShareImage } from "#server/domain/seo/share-images.server.ts";
import { useHydrated } from "./lib/use-hydrated.ts";
import { replayEarlyTap } from "./lib/early-tap.ts";
import { useServiceWorker } from "./lib/use-service-worker.ts";

/**
 * The Latin faces of both fonts load with the stylesheet, not after it: fetched only once the
 * CSS is parsed they arrived after the first paint and moved the text (CLS 0.14 on a party page).
 */
export const links: Route.LinksFunction = () =>
  [interLatin, spaceGroteskLatin].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps } = context;
  const { config } = deps;
  const sessionUser = context.session.user;
  const user: CurrentUser | null = sessionUser && {
    id: sessionUser.id,
    displayName: sessionUser.displayName,
    email: sessionUser.email,
    role: sessionUser.role,
  };
  // SPEC §1: dark between sunset and sunrise in the city, unless the visitor chose.
  const themeChoice = themeOverrideFromCookies(request.headers.get("cookie"));
  const settings = await getSiteSettings(deps);
  const siteImage = await siteShareImage(deps);
  return {
    siteName: settings.siteName,
    cityName: settings.cityName,
    // The footer's year by the server's clock: one read on the visitor's device would differ
    // from the server's HTML when that clock is wrong (a hydration mismatch that re-renders the
    // whole document).
    year: toWallClock(deps.now(), config.city.timeZone).year,
    siteImage,
    city: { lat: config.city.lat, lng: config.city.lng },
    user,
    theme: themeChoice ?? themeAt(deps.now(), config.city),
    themeChoice: themeChoice ?? ("auto" as const),
    navigation: await getNavigation(deps),
    social: {
      instagram: settings.socialInstagramUrl || undefined,
      tiktok: settings.socialTiktokUrl || undefined,
      facebook: settings.socialFacebookUrl || undefined,
      whatsapp: settings.socialWhatsappUrl || undefined,
    },
    consent: {
      googleTagManagerId: settings.googleTagManagerId || undefined,
      googleAnalyticsId: settings.googleAnalyticsId || undefined,
      clarityProjectId: settings.clarityProjectId || undefined,
    },
    sentry: config.sentry ?? null,
  };
}

export function meta({ data }: Route.MetaArgs) {
  return siteMeta(data ?? undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const themeControl = useThemeControl(
    data?.theme ?? "dark",
    data?.themeChoice ?? "auto",
    data?.city,
  );
  useMarkHydrated();
  return (
    // The inline theme script may set another theme than the server by the visitor's clock;
    // the rendered address is checked before hydration (app/lib/rendered-address.ts).
    <html
      lang="de"
      data-theme={themeControl.theme}
      data-rendered-address={`${location.pathname}${location.search}`}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLORS[themeControl.theme]} />
        {data ? <ThemeScript city={data.city} /> : null}
        {/* Shows the server-rendered consent banner from the first paint while unanswered. */}
        <InlineScript code={consentBootScript} />
        <InlineScript code={earlyTapBootScript} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="bg-paper text-ink antialiased">
        <ThemeContext.Provider value={themeControl}>
          <SkipLink />
          <LoadingBar />
          {children}
        </ThemeContext.Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks the document once React has taken it over and what shows only then (`useHydrated`, a
 * transition) is in place: until then a form's inputs still belong to the server's HTML
 * (browser tests wait for the mark before typing). Then repeats a tap made before (decision 0259).
 */
function useMarkHydrated() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.dataset.hydrated = "true";
    replayEarlyTap();
  }, [hydrated]);
}

function useShellEffects(data: { sentry: Parameters<typeof startBrowserSentry>[0] }) {
  useEffect(() => startBrowserSentry(data.sentry), [data.sentry]);
  useEffect(() => reloadOnPreloadErrors(), []);
  useRevealOnScroll();
  useServiceWorker();
}

export default function App({ loaderData }: Route.ComponentProps) {
  useShellEffects(loaderData);
  useConsentManager(loaderData.consent);
  useSavedPartiesSync(loaderData.user?.id ?? null);
  const adminEdit = useAdminEditLink();
  // The header's search field (issue "Visitors") goes into `search`.
  return (
    <SiteShell data={loaderData} search={<SiteSearch />} adminEdit={adminEdit}>
      <Outlet />
      <NewsletterPopup />
      <SavedPartyNotice />
    </SiteShell>
  );
}

/**
 * SPEC §8: 404 → 'Die Seite wurde nicht gefunden', anything else 'Ein Fehler ist aufgetreten',
 * with the status of the error. A chunk that failed to load reloads the page instead (at most
 * once per 60 s); a request without answer (offline) shows the offline page and lets the service
 * worker answer the address (app/lib/offline-navigation.ts).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The cookie banner shows on error pages too: its buttons need the consent manager.
  useConsentManager(data?.consent ?? {});
  const offline = isNetworkFailure(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const heading = offline
    ? "Du bist offline"
    : notFound
      ? "Die Seite wurde nicht gefunden"
      : "Ein Fehler ist aufgetreten";

  useEffect(() => {
    markLoadingFailed();
    if (offline) {
      loadKeptCopy();
      return;
    }
    if (reloadForChunkError(error)) return;
    if (!notFound) reportBrowserError(error);
  }, [error, notFound, offline]);

  const content = offline ? (
    <section className="flex max-w-2xl flex-col items-start gap-6 py-12 sm:py-20">
      <h1 className="text-3xl font-bold sm:text-5xl">{heading}</h1>
      <p className="text-lg text-muted">
        Diese Seite ist gerade nicht gespeichert. Sobald Du wieder Netz hast, geht es weiter wie
        gewohnt.
      </p>
      {/* A document load: the service worker answers it with its kept weekend programme. */}
      <a
        href="/offline"
        className="inline-flex min-h-12 items-center rounded-full bg-accent px-7 font-semibold text-accent-ink transition-transform hover:scale-[1.03]"
      >
        Das Wochenende ansehen
      </a>
    </section>
  ) : (
    <section className="flex max-w-2xl flex-col items-start gap-6 py-12 sm:py-20">
      <p
        aria-hidden="true"
        className="tabular font-display text-[6rem] leading-none font-bold text-accent sm:text-[9rem]"
      >
        {status}
      </p>
      <h1 className="text-3xl font-bold sm:text-5xl">{heading}</h1>
      <p className="text-lg text-muted">
        {notFound
          ? "Vielleicht ist die Party schon vorbei oder der Link hat sich geändert."
          : status === 403
            ? "Diese Seite ist nur für Admins. Mit Deinem Konto kannst Du sie nicht öffnen."
            : "Bitte versuch es gleich noch einmal. Wir schauen uns das an."}
      </p>
      <Link
        to="/"
        className="inline-flex min-h-12 items-center rounded-full bg-accent px-7 font-semibold text-accent-ink transition-transform hover:scale-[1.03]"
      >
        Zur Startseite
      </Link>
    </section>
  );

  return (
    <>
      <title>{heading}</title>
      {data ? (
        <SiteShell data={data satisfies ShellData}>{content}</SiteShell>
      ) : (
        <main id="inhalt" className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          {content}
        </main>
      )}
    </>
  );
}
