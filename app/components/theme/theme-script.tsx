import themeBootScript from "virtual:inline-script/app/components/theme/theme-boot.ts";
import type { Coordinates } from "#common/theme.ts";
import { InlineScript } from "#app/components/layout/inline-script.tsx";

/**
 * The theme decision before the first paint (theme-boot.ts, bundled inline): the browser's own
 * clock and the remembered choice, at the city's coordinates.
 */
export function ThemeScript({ city }: { city: Coordinates }) {
  return <InlineScript code={themeBootScript} data-lat={city.lat} data-lng={city.lng} />;
}
