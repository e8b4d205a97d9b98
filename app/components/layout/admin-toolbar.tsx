import { Link } from "react-router";
import { adminPaths } from "#common/urls.ts";
import type { CurrentUser } from "#app/lib/current-user.ts";
import type { AdminEditLink } from "./admin-edit-link.ts";

const links = [
  { to: adminPaths.dashboard, label: "Adminbereich" },
  { to: "/events/erstellen", label: "Party eintragen" },
  { to: "/user/events", label: "Meine Events" },
  { to: "/user/anzeigen", label: "Anzeigen" },
];

/**
 * The bar above the header for signed-in admins (SPEC §2 "logged-in toolbar"), with
 * "Bearbeiten" for what the page shows (a party, a page) when it can be edited.
 */
export function AdminToolbar({ user, edit }: { user: CurrentUser; edit: AdminEditLink | null }) {
  return (
    <div
      role="region"
      aria-label="Admin-Werkzeugleiste"
      data-testid="admin-toolbar"
      className="sticky top-0 z-50 h-10 border-b border-white/10 bg-[#1b1722] text-[#f4efe6]"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 overflow-x-auto px-4 text-sm whitespace-nowrap sm:px-6 lg:px-8">
        <span className="rounded-full bg-[#ff3d9a] px-2 py-0.5 text-xs font-bold tracking-wide text-[#0b0a0f] uppercase">
          Admin
        </span>
        <span className="hidden text-[#c9c1cf] sm:inline">{`Angemeldet als ${user.displayName}`}</span>
        <nav aria-label="Admin" className="ml-auto flex items-center gap-4">
          {edit ? (
            <Link
              to={edit.to}
              title={edit.label}
              data-testid="admin-edit-link"
              className="rounded-full bg-[#ff3d9a] px-3 py-0.5 font-bold text-[#0b0a0f]"
            >
              Bearbeiten
            </Link>
          ) : null}
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="underline-offset-4 hover:underline">
              {link.label}
            </Link>
          ))}
          <a href="/api/docs/" className="underline-offset-4 hover:underline">
            API
          </a>
        </nav>
      </div>
    </div>
  );
}
