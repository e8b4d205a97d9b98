import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router";
import { countOf, nouns } from "#common/plural.ts";
import { followsPath, nightPlanPath, savedPartiesPath } from "#common/urls.ts";
import { useNightPlan } from "#app/lib/night-plan-store.ts";
import { safeHttpUrl } from "#common/safe-url.ts";
import type { NavigationItem } from "#common/schemas/navigation.ts";
import type { CurrentUser } from "#app/lib/current-user.ts";
import { ThemeToggle } from "#app/components/theme/theme-toggle.tsx";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, HeartIcon } from "./icons.tsx";
import { SocialLinks, type SocialUrls } from "./social-links.tsx";
import { useFocusTrap } from "./use-focus-trap.ts";

interface MenuModalProps {
  open: boolean;
  /** Index of the main item whose submenu is shown; null shows the navigation (SPEC §3). */
  submenu: number | null;
  onSubmenu: (index: number | null) => void;
  onClose: () => void;
  /** Gets the focus back when the menu closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  items: NavigationItem[];
  user: CurrentUser | null;
  social: SocialUrls;
  search?: React.ReactNode;
}

function MenuLink({ item, className }: { item: NavigationItem; className: string }) {
  const external = safeHttpUrl(item.url);
  return external ? (
    <a href={external} className={className} rel="noopener noreferrer">
      {item.label}
    </a>
  ) : (
    <Link to={item.url} className={className} prefetch="intent">
      {item.label}
    </Link>
  );
}

/**
 * The menu modal (SPEC §2, §4): a native modal dialog with the main navigation and its submenus.
 * Escape and a click on the backdrop close it; Tab stays inside; the focus returns to the
 * toggle. Only the toggle (a script's button) opens it, so its contents are rendered while it is
 * open and not on the server: every page's HTML and hydration skip them (decision 0257); the
 * footer carries the main links for crawlers and pages without scripts.
 */
export function MenuModal({
  open,
  submenu,
  onSubmenu,
  onClose,
  returnFocusTo,
  items,
  user,
  social,
  search,
}: MenuModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useFocusTrap(dialog, open);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id="hauptmenue"
      aria-label="Menü"
      className="menu-modal m-0 ml-auto h-dvh w-full bg-transparent p-0 text-ink sm:w-[28rem]"
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <MenuPanel
          opened={submenu === null ? undefined : items[submenu]}
          onSubmenu={onSubmenu}
          onClose={onClose}
          items={items}
          user={user}
          social={social}
          search={search}
        />
      ) : null}
    </dialog>
  );
}

/** What the open menu shows: its head, the navigation or one submenu, and the visitor's links. */
function MenuPanel({
  opened,
  onSubmenu,
  onClose,
  items,
  user,
  social,
  search,
}: Pick<MenuModalProps, "onSubmenu" | "onClose" | "items" | "user" | "social" | "search"> & {
  opened: NavigationItem | undefined;
}) {
  const bigLink =
    "flex min-h-12 flex-1 items-center rounded-lg px-3 font-display text-2xl font-bold tracking-tight transition-colors hover:bg-raised hover:text-accent sm:text-3xl";
  return (
    <div className="menu-panel flex h-full flex-col overflow-y-auto border-l border-line bg-paper">
      <div className="flex items-center justify-between gap-2 px-5 pb-2 pt-5">
        {opened ? (
          <button
            type="button"
            onClick={() => onSubmenu(null)}
            className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full pl-2 pr-4 font-semibold text-muted hover:text-ink"
          >
            <ChevronLeftIcon className="size-5" />
            Zurück
          </button>
        ) : (
          <p className="text-sm font-semibold tracking-[0.2em] text-muted uppercase">Menü</p>
        )}
        <button
          type="button"
          onClick={onClose}
          aria-label="Menü schließen"
          className="inline-flex size-11 items-center justify-center rounded-full bg-raised transition-transform hover:rotate-90"
        >
          <CloseIcon />
        </button>
      </div>

      {search ? <div className="px-5 pb-2 pt-2">{search}</div> : null}

      {opened ? (
        <nav aria-label={opened.label} className="flex-1 px-3 pb-6 pt-2">
          <h2 className="px-3 pb-3 pt-2 text-sm font-semibold tracking-[0.2em] text-accent uppercase">
            {opened.label}
          </h2>
          <ul className="flex flex-col">
            <li>
              <MenuLink item={{ ...opened, label: `Alle ${opened.label}` }} className={bigLink} />
            </li>
            {(opened.children ?? []).map((child) => (
              <li key={`${child.label}-${child.url}`} className="flex items-center">
                <MenuLink item={child} className={bigLink} />
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <nav aria-label="Hauptnavigation" className="flex-1 px-3 pb-6 pt-2">
          <ul className="flex flex-col">
            {items.map((item, index) => (
              <li key={`${item.label}-${item.url}`} className="flex items-center gap-1">
                <MenuLink item={item} className={bigLink} />
                {item.children?.length ? (
                  <button
                    type="button"
                    onClick={() => onSubmenu(index)}
                    aria-label={`Untermenü ${item.label} öffnen`}
                    className="inline-flex size-12 shrink-0 items-center justify-center rounded-full border border-line transition-colors hover:border-accent hover:text-accent"
                  >
                    <ChevronRightIcon />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="flex flex-col gap-6 border-t border-line px-5 py-6">
        <Link
          to={savedPartiesPath}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-line px-6 font-semibold transition-colors hover:border-accent hover:text-accent"
        >
          <HeartIcon className="size-5" />
          Gemerkt
        </Link>
        <NightPlanMenuLink />
        <Link
          to={followsPath}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-line px-6 font-semibold transition-colors hover:border-accent hover:text-accent"
        >
          Folge ich
        </Link>
        <Link
          to="/user"
          className="inline-flex min-h-12 items-center justify-center rounded-full border-2 border-ink px-6 font-semibold transition-colors hover:bg-ink hover:text-paper"
        >
          {user ? `Mein Konto · ${user.displayName}` : "Anmelden oder registrieren"}
        </Link>
        <ThemeToggle />
        <SocialLinks social={social} />
      </div>
    </div>
  );
}

/** "Nachtplan", with its number of sets once something is planned (decision 0223). */
function NightPlanMenuLink() {
  const count = useNightPlan()?.sets.length ?? 0;
  return (
    <Link
      to={nightPlanPath}
      className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-line px-6 font-semibold transition-colors hover:border-accent hover:text-accent"
    >
      {count > 0 ? `Nachtplan (${countOf(count, nouns.set)})` : "Nachtplan"}
    </Link>
  );
}
