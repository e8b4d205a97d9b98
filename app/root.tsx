import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import type { CurrentUser } from "./lib/current-user.ts";
import { siteMeta } from "./lib/site-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.deps;
  // `user` is filled from the session once accounts exist (issue "Organisers").
  const user: CurrentUser | null = null;
  return { siteName: config.siteName, cityName: config.city.name, user };
}

export function meta({ data }: Route.MetaArgs) {
  return siteMeta(data ?? undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de" data-theme="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="bg-paper text-ink antialiased">
        <a
          href="#inhalt"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-ink"
        >
          Zum Inhalt springen
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function SiteHeader() {
  const site = useRouteLoaderData<typeof loader>("root");
  return (
    <header className="border-b border-line">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
        <Link to="/" className="text-xl font-black tracking-tight">
          {site?.siteName ?? "Clubkalender"}
        </Link>
        <Link to="/user" aria-label="Mein Konto" className="rounded px-3 py-2 text-sm text-muted">
          Konto
        </Link>
      </div>
    </header>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="inhalt" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </>
  );
}

/** SPEC §8: 404 → 'Die Seite wurde nicht gefunden', anything else 'Ein Fehler ist aufgetreten'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? "Die Seite wurde nicht gefunden" : "Ein Fehler ist aufgetreten";
  return (
    <>
      <title>{heading}</title>
      <SiteHeader />
      <main id="inhalt" className="mx-auto flex max-w-2xl flex-col items-start gap-6 px-4 py-16">
        <p className="tabular text-6xl font-black text-accent">
          {isRouteErrorResponse(error) ? error.status : 500}
        </p>
        <h1 className="text-3xl font-bold">{heading}</h1>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
        >
          Zur Startseite
        </Link>
      </main>
    </>
  );
}
