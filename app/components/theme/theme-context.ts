import { createContext, useContext } from "react";
import type { Theme } from "#common/theme.ts";

/** "auto" follows the sun; "light"/"dark" is the visitor's remembered choice. */
export type ThemeChoice = Theme | "auto";

export interface ThemeControl {
  theme: Theme;
  choice: ThemeChoice;
  choose: (choice: ThemeChoice) => void;
}

export const ThemeContext = createContext<ThemeControl>({
  theme: "dark",
  choice: "auto",
  choose: () => {},
});

export function useTheme(): ThemeControl {
  return useContext(ThemeContext);
}
