import { Link } from "react-router";
import type { CurrentUser } from "#app/lib/current-user.ts";
import { UserIcon, UserSignedInIcon } from "./icons.tsx";

/** The header's account icon (SPEC §2): to /user, showing whether the visitor is signed in. */
export function AccountLink({ user }: { user: CurrentUser | null }) {
  const label = user ? `Mein Konto (${user.displayName})` : "Anmelden";
  return (
    <Link
      to="/user"
      aria-label={label}
      title={label}
      data-signed-in={user ? "true" : "false"}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-raised"
    >
      {user ? <UserSignedInIcon /> : <UserIcon />}
      {user ? (
        <span className="absolute right-2 top-2 size-2.5 rounded-full bg-accent ring-2 ring-paper" />
      ) : null}
    </Link>
  );
}
