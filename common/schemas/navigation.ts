import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/** A menu entry: a label, a site path or web address, and optionally a submenu. */
export interface NavigationItem {
  label: string;
  url: string;
  children?: NavigationItem[];
}

const navigationItemSchema: z.ZodType<NavigationItem> = z
  .lazy(
    () =>
      z.object({
        label: text().min(1).max(80),
        url: text()
          .min(1)
          .max(500)
          .regex(/^(\/|https?:\/\/)/, "Ein Pfad (/…) oder eine Web-Adresse."),
        children: z.array(navigationItemSchema).max(40).optional(),
      }),
    // A named schema: the OpenAPI document refers to it as a component (it is recursive).
  )
  .meta({ id: "NavigationItem" });

export const navigationSchema = z.object({
  main: z.array(navigationItemSchema),
  footer: z.array(navigationItemSchema),
});
