import { Link } from "react-router";
import { isLegalPath } from "#common/site.ts";
import type { NavigationItem } from "#common/schemas/navigation.ts";
import { CookieSettingsButton } from "#app/components/consent/cookie-settings-button.tsx";
import { LogoMark } from "./icons.tsx";
import { SocialLinks, type SocialUrls } from "./social-links.tsx";

const footerLink =
  "inline-flex min-h-11 items-center text-muted underline-offset-4 transition-colors hover:text-ink hover:underline";

/**
 * SPEC §2's footer: navigation, Impressum, Datenschutzerklärung, Cookie-Einstellungen, the
 * social profiles and the slogan.
 */
export function SiteFooter({
  siteName,
  cityName,
  year,
  items,
  social,
}: {
  siteName: string;
  cityName: string;
  year: number;
  items: NavigationItem[];
  social: SocialUrls;
}) {
  const navigation = items.filter((item) => !isLegalPath(item.url));
  return (
    <footer className="mt-24 border-t border-line bg-card">
      <div className="mx-auto max-w-7xl px-4 pb-10 pt-14 sm:px-6 lg:px-8">
        {/* SPEC §2's slogan, word for word; "bunt" in colour. */}
        <p
          data-reveal
          className="max-w-4xl font-display text-3xl leading-tight font-bold tracking-tight sm:text-5xl"
        >
          Seid lieb zueinander, denn{" "}
          <span className="bg-(image:--rainbow) bg-clip-text text-transparent">bunt</span> ist
          schöner als braun.
        </p>

        <div className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex flex-col gap-3">
            <Link to="/" className="inline-flex items-center gap-2 font-display text-xl font-bold">
              <LogoMark className="size-7" />
              {siteName}
            </Link>
            <p className="text-sm text-muted">
              Techno, House und Drum and Bass in {cityName} – heute, morgen und am Wochenende.
            </p>
          </div>

          <nav aria-label="Fußnavigation">
            <h2 className="mb-2 text-sm font-semibold tracking-[0.2em] text-ink uppercase">
              Entdecken
            </h2>
            <ul>
              {navigation.map((item) => (
                <li key={`${item.label}-${item.url}`}>
                  <Link to={item.url} className={footerLink}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-label="Rechtliches">
            <h2 className="mb-2 text-sm font-semibold tracking-[0.2em] text-ink uppercase">
              Rechtliches
            </h2>
            <ul>
              <li>
                <Link to="/impressum" className={footerLink}>
                  Impressum
                </Link>
              </li>
              <li>
                <Link to="/datenschutzerklaerung" className={footerLink}>
                  Datenschutzerklärung
                </Link>
              </li>
              <li>
                <CookieSettingsButton className={`${footerLink} cursor-pointer`} />
              </li>
            </ul>
          </nav>

          {Object.values(social).some(Boolean) ? (
            <div>
              <h2 className="mb-3 text-sm font-semibold tracking-[0.2em] text-ink uppercase">
                Folge uns
              </h2>
              <SocialLinks social={social} />
            </div>
          ) : null}
        </div>

        <p className="mt-12 border-t border-line pt-6 text-sm text-muted">
          © {year} {siteName} · {cityName}
        </p>
      </div>
    </footer>
  );
}
