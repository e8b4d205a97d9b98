import { Link } from "react-router";
import { LogoMark } from "./icons.tsx";

/** The logo, linking home (SPEC §2). */
export function SiteLogo({ siteName, compact }: { siteName: string; compact: boolean }) {
  return (
    <Link
      to="/"
      aria-label={`${siteName} – zur Startseite`}
      className="group inline-flex min-h-11 min-w-0 items-center gap-2.5 rounded-md"
    >
      <LogoMark
        className={`shrink-0 transition-all duration-300 group-hover:rotate-[-8deg] ${compact ? "size-7" : "size-8 sm:size-9"}`}
      />
      <span
        className={`min-w-0 truncate font-display font-bold tracking-tight transition-all duration-300 ${compact ? "text-lg" : "text-xl sm:text-2xl"}`}
      >
        {siteName}
      </span>
    </Link>
  );
}
