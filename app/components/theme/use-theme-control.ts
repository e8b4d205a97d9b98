import { useCallback, useSyncExternalStore } from "react";
import {
  THEME_COLORS,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE_S,
  themeAt,
  themeOverrideFromCookies,
  type Coordinates,
  type Theme,
} from "#common/theme.ts";
import type { ThemeChoice, ThemeControl } from "./theme-context.ts";

/**
 * The page's theme and the visitor's choice. In the browser both are read from the page itself
 * — `data-theme`, which the inline theme script set before the first paint by the visitor's own
 * clock, and the theme cookie — so a page from any cache shows what the visitor should see; the
 * server's decision is only the starting point while hydrating. A choice is remembered in the
 * theme cookie; "auto" forgets it.
 */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function shownTheme(): Theme | null {
  const shown = document.documentElement.dataset.theme;
  return shown === "light" || shown === "dark" ? shown : null;
}

const rememberedChoice = (): ThemeChoice => themeOverrideFromCookies(document.cookie) ?? "auto";

function show(theme: Theme, choice: ThemeChoice) {
  document.cookie =
    choice === "auto"
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
  for (const listener of listeners) listener();
}

export function useThemeControl(
  serverTheme: Theme,
  serverChoice: ThemeChoice,
  city: Coordinates | undefined,
): ThemeControl {
  const theme = useSyncExternalStore(
    subscribe,
    () => shownTheme() ?? serverTheme,
    () => serverTheme,
  );
  const choice = useSyncExternalStore(subscribe, rememberedChoice, () => serverChoice);

  const choose = useCallback(
    (next: ThemeChoice) => {
      const sun = city ? themeAt(new Date(), city) : serverTheme;
      show(next === "auto" ? sun : next, next);
    },
    [city, serverTheme],
  );

  return { theme, choice, choose };
}
