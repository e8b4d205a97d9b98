import { Link } from "react-router";
import type { CurrentUser } from "#app/lib/current-user.ts";

const links = [
  { to: "/events/erstellen", label: "Party eintragen" },
  { to: "/user/events", label: "Meine Events" },
  { to: "/user/anzeigen", label: "Anzeigen" },
];

/** The bar above the header for signed-in admins (SPEC §2 "logged-in toolbar"). */
export function AdminToolbar({ user }: { user: CurrentUser }) {
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
