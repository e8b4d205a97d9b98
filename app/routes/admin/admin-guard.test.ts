import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, sampleParams, type AdminPage } from "#tests/setup/admin-pages.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";

/**
 * Every admin page's loader and action refuse anonymous visitors (to the login) and signed-in
 * users without the admin role (403), before they read anything or look at the post. The pages
 * come from the route list, so a new one cannot be forgotten (the same pages through the real
 * server: tests/e2e/admin.test.ts).
 */
const pages = adminPages();
/** The admin route modules (all in this folder, which the first test checks). */
const routeModules = import.meta.glob<{ loader?: RouteFunction; action?: RouteFunction }>([
  "./*.{ts,tsx}",
  "!./*.test.ts",
]);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

type RouteFunction = (args: unknown) => Promise<unknown> | unknown;

/** What a route function answers or throws (a redirect, a 403), as status and location. */
async function refusalOf(run: RouteFunction, args: unknown) {
  let outcome: unknown;
  try {
    outcome = await run(args);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, location: outcome.headers.get("location") };
  }
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  return { status: init?.status ?? 200, location: null };
}

function argsFor(page: AdminPage, method: "GET" | "POST", role: "user" | null) {
  const user = role && { id: 999_999, email: "nutzer@example.org", displayName: "Nutzer", role };
  const body = method === "POST" ? new URLSearchParams({ csrf: "csrf", intent: "x" }) : undefined;
  return {
    request: new Request(`http://localhost:3000${page.path}`, { method, body }),
    params: sampleParams,
    context: {
      deps: ctx.deps,
      session: {
        user,
        sessionId: null,
        ip: "127.0.0.1",
        csrfToken: "csrf",
        checkCsrf: (token: unknown) => token === "csrf",
      },
    },
  };
}

describe("every admin page refuses non-admins", () => {
  it("finds the admin pages in the route list", () => {
    expect(pages.map((page) => page.pattern)).toEqual(
      expect.arrayContaining(["admin", "admin/einstellungen", "admin/katalog/genres"]),
    );
    expect(pages.length).toBeGreaterThanOrEqual(18);
    for (const page of pages) expect(page.file).toMatch(/^routes\/admin\/[^/]+$/);
  });

  describe.each(pages)("$path", (page) => {
    const load = () => routeModules[page.file.replace(/^routes\/admin\//, "./")]!();

    it("sends anonymous visitors to the login and gives other users 403", async () => {
      const module = await load();
      const functions = [
        ["GET", module.loader],
        ["POST", module.action],
      ] as const;
      expect(module.loader ?? module.action).toBeDefined();
      for (const [method, run] of functions) {
        if (!run) continue;
        const anonymous = await refusalOf(run, argsFor(page, method, null));
        expect(anonymous.status, `${method} anonymous`).toBe(302);
        expect(anonymous.location).toMatch(/^\/user\/login\?weiter=%2Fadmin/);
        const user = await refusalOf(run, argsFor(page, method, "user"));
        expect(user.status, `${method} as a user`).toBe(403);
      }
    });
  });
});
