import type { Ref } from "react";
import { HEADER_COMPACT_SCROLL_PX } from "#common/constants.ts";
import type { CurrentUser } from "#app/lib/current-user.ts";
import { AccountLink } from "./account-link.tsx";
import { Link } from "react-router";
import { savedPartiesPath } from "#common/urls.ts";
import { HeartIcon, MenuIcon } from "./icons.tsx";
import { SiteLogo } from "./site-logo.tsx";
import { useScrolledPast } from "./use-scrolled-past.ts";

interface SiteHeaderProps {
  siteName: string;
  user: CurrentUser | null;
  /** The site search field (issue "Visitors"), shown in the header from 768 px. */
  search?: React.ReactNode;
  /** An admin toolbar above pushes the header down by its height. */
  belowToolbar: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuToggleRef: Ref<HTMLButtonElement>;
}

/**
 * SPEC §2's header: logo, the saved parties ("Gemerkt", decision 0180; from 640 px, on phones in
 * the menu, where the logo needs the room), account icon, menu toggle; compact once the page is
 * scrolled past 88 px.
 */
export function SiteHeader({
  siteName,
  user,
  search,
  belowToolbar,
  menuOpen,
  onOpenMenu,
  menuToggleRef,
}: SiteHeaderProps) {
  const compact = useScrolledPast(HEADER_COMPACT_SCROLL_PX);
  return (
    <header
      data-compact={compact ? "true" : "false"}
      className={`sticky z-40 border-b transition-[background-color,border-color,box-shadow] duration-300 ${
        belowToolbar ? "top-10" : "top-0"
      } ${
        compact
          ? "border-line bg-paper/90 shadow-[0_8px_30px_-12px_rgb(0_0_0/0.35)] backdrop-blur-md"
          : "border-transparent bg-paper"
      }`}
    >
      <div
        className={`mx-auto flex max-w-7xl items-center gap-2 px-4 sm:gap-3 transition-[height] duration-300 sm:px-6 lg:px-8 ${
          compact ? "h-14" : "h-[4.5rem] sm:h-20"
        }`}
      >
        <SiteLogo siteName={siteName} compact={compact} />
        <div className="ml-auto hidden min-w-0 flex-1 justify-end md:flex">{search}</div>
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-2">
          <Link
            to={savedPartiesPath}
            aria-label="Gemerkt"
            title="Gemerkt"
            className="hidden size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-raised sm:inline-flex"
          >
            <HeartIcon />
          </Link>
          <AccountLink user={user} />
          <button
            ref={menuToggleRef}
            type="button"
            onClick={onOpenMenu}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="hauptmenue"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-ink py-2 pl-3.5 pr-4 font-semibold text-paper transition-transform hover:scale-[1.03] active:scale-95"
          >
            <MenuIcon className="size-5" />
            <span>Menü</span>
          </button>
        </div>
      </div>
    </header>
  );
}
