import { NavLink, Outlet, useLoaderData } from "react-router";
import { adminPaths } from "#common/urls.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { demoSettingKeys } from "#server/domain/settings/demo-settings.server.ts";
import { adminNavigation } from "#app/components/admin/admin-navigation.ts";
import { settingLabels } from "#app/components/admin/setting-labels.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import type { Route } from "./+types/admin-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { demoSettings: demoSettingKeys(await getSiteSettings(context.deps)) };
}

/** The admin area's frame: its navigation and the banner naming settings with demo values. */
export default function AdminLayout() {
  const { demoSettings } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6 py-6 lg:flex-row">
      <nav aria-label="Adminbereich" className="lg:w-56 lg:shrink-0">
        <ul className="flex flex-wrap gap-2 lg:flex-col">
          {adminNavigation.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.to === adminPaths.dashboard}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold hover:border-accent aria-[current=page]:border-accent aria-[current=page]:bg-accent aria-[current=page]:text-accent-ink"
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        {demoSettings.length > 0 ? (
          <div
            role="note"
            data-testid="demo-banner"
            className="rounded-xl border border-accent bg-card px-5 py-4"
          >
            <p className="font-bold">Diese Einstellungen enthalten noch Demo-Daten:</p>
            <p className="text-sm">
              {demoSettings.map((key) => settingLabels[key]).join(", ")}.{" "}
              <NavLink to={adminPaths.settings} className="underline">
                Jetzt ändern
              </NavLink>
            </p>
          </div>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}
