import { useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NavigationItem } from "#common/schemas/navigation.ts";
import type { CurrentUser } from "#app/lib/current-user.ts";
import { ConsentBanner } from "#app/components/consent/consent-banner.tsx";
import type { AdminEditLink } from "./admin-edit-link.ts";
import { AdminToolbar } from "./admin-toolbar.tsx";
import { MenuModal } from "./menu-modal.tsx";
import { OfflineBanner } from "./offline-banner.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import type { SocialUrls } from "./social-links.tsx";

export interface ShellData {
  siteName: string;
  cityName: string;
  /** This year in the city, by the server's clock (the footer's ©). */
  year: number;
  user: CurrentUser | null;
  navigation: { main: NavigationItem[]; footer: NavigationItem[] };
  social: SocialUrls;
}

/**
 * The frame around every page (SPEC §2): consent banner (first, so it paints with the first
 * frame; decision 0195), admin toolbar, header, menu modal, the page as `<main id="inhalt">`,
 * footer. `search` is the header's search field (issue "Visitors").
 */
export function SiteShell({
  data,
  search,
  adminEdit = null,
  children,
}: {
  data: ShellData;
  search?: React.ReactNode;
  /** The admin bar's "Bearbeiten" for what the page shows (`useAdminEditLink`). */
  adminEdit?: AdminEditLink | null;
  children: React.ReactNode;
}) {
  // The menu is open for the page it was opened on: following a link closes it.
  const location = useLocation();
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const menuOpen = openOnPage === location.key;
  const [submenu, setSubmenu] = useState<number | null>(null);
  const menuToggle = useRef<HTMLButtonElement>(null);

  const isAdmin = data.user?.role === "admin";
  return (
    <>
      <ConsentBanner />
      {isAdmin && data.user ? <AdminToolbar user={data.user} edit={adminEdit} /> : null}
      <SiteHeader
        siteName={data.siteName}
        user={data.user}
        search={search}
        belowToolbar={isAdmin}
        menuOpen={menuOpen}
        menuToggleRef={menuToggle}
        onOpenMenu={() => {
          // SPEC §4: opening the menu resets it to the navigation.
          setSubmenu(null);
          setOpenOnPage(location.key);
        }}
      />
      <OfflineBanner />
      <MenuModal
        open={menuOpen}
        submenu={submenu}
        onSubmenu={setSubmenu}
        onClose={() => setOpenOnPage(null)}
        returnFocusTo={menuToggle}
        items={data.navigation.main}
        user={data.user}
        social={data.social}
        search={search}
      />
      <main
        id="inhalt"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl px-4 pb-8 pt-4 outline-none sm:px-6 sm:pt-8 lg:px-8"
      >
        {children}
      </main>
      <SiteFooter
        siteName={data.siteName}
        cityName={data.cityName}
        year={data.year}
        items={data.navigation.footer}
        social={data.social}
      />
    </>
  );
}
