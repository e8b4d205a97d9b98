import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "#app/lib/current-user.ts";
import { SiteShell, type ShellData } from "./site-shell.tsx";

const shell: Omit<ShellData, "user"> = {
  siteName: "Clubkalender",
  year: 2026,
  cityName: "Leipzig",
  navigation: { main: [{ label: "Clubs", url: "/club" }], footer: [] },
  social: {},
};

function render(user: CurrentUser | null): string {
  return renderToString(
    <MemoryRouter initialEntries={["/"]}>
      <SiteShell data={{ ...shell, user }}>
        <p>Inhalt</p>
      </SiteShell>
    </MemoryRouter>,
  );
}

const organiser: CurrentUser = {
  id: 7,
  displayName: "Kollektiv Nachtschicht",
  email: "k@n.example",
  role: "user",
};

describe("the shell for signed-in visitors (SPEC §2: the logged flag changes header and icon)", () => {
  it("shows a signed-out account icon to visitors, without a toolbar", () => {
    const html = render(null);
    expect(html).toContain('aria-label="Anmelden"');
    expect(html).toContain('data-signed-in="false"');
    expect(html).not.toContain("admin-toolbar");
    expect(html).toMatch(/<header[^>]*class="[^"]*\btop-0\b/);
  });

  it("shows organisers their account, without a toolbar", () => {
    const html = render(organiser);
    expect(html).toContain('aria-label="Mein Konto (Kollektiv Nachtschicht)"');
    expect(html).toContain('data-signed-in="true"');
    expect(html).not.toContain("admin-toolbar");
  });

  it("gives admins the toolbar, which shifts the header down", () => {
    const html = render({ ...organiser, role: "admin" });
    expect(html).toContain('data-testid="admin-toolbar"');
    expect(html).toContain("Angemeldet als Kollektiv Nachtschicht");
    expect(html).toMatch(/<header[^>]*class="[^"]*\btop-10\b/);
    expect(html.indexOf("admin-toolbar")).toBeLessThan(html.indexOf("<header"));
  });
});
