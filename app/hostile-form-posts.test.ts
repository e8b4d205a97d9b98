import { randomBytes } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import type { ZodObject } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as account from "#common/schemas/account.ts";
import * as admin from "#common/schemas/admin.ts";
import { doorWordSchema } from "#common/schemas/door-words.ts";
import { eventFormFields } from "#common/schemas/event-form.ts";
import { navigationSchema } from "#common/schemas/navigation.ts";
import { newsletterSubscribeBody } from "#common/schemas/newsletter.ts";
import * as promotion from "#common/schemas/promotion.ts";
import { importSourceSchema, partyFromUrlSchema } from "#common/schemas/import-source.ts";
import { siteSettingsSchema } from "#common/schemas/site-settings.ts";
import { teamInvitationSchema } from "#common/schemas/team.ts";
import { createAd } from "#tests/factories/ads.ts";
import { createClub, createEvent, createGenre } from "#tests/factories/catalog.ts";
import { createPaidOrder } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { hostile, hostileQueryValue } from "#tests/setup/hostile-values.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { clientAddress } from "#server/domain/address-limits.server.ts";
import routes from "./routes.ts";

/**
 * Property-based (issue 25): hostile posts to every form action of the site — random and hostile
 * values in the form's fields, its ids and path parameters (unknown ids, someone else's records,
 * drafts), any body type — never answer 5xx: a field error, a message, a redirect or the 404
 * page. The actions come from the route list (app/routes.ts); one that is not described below
 * fails the first test, so a new form cannot go untested. Runs are bounded (`RUNS` per form).
 */

const RUNS = 25;

type Role = "anonymous" | "user" | "admin";

interface FormSpec {
  /** Who posts: the signed-in organiser, the admin, or nobody. */
  as: Role;
  /** The fields the form (or its JSON post) sends. */
  fields: readonly string[];
  /** The buttons' `intent` values. */
  intents?: readonly string[];
  /** Query parameters the action reads (one-time tokens). */
  query?: readonly string[];
  /** A file field of a multipart form. */
  file?: string;
}

const fieldsOf = (...schemas: ZodObject[]) =>
  schemas.flatMap((schema) => Object.keys(schema.shape));

/** Every site route module with an action, and what its form posts. */
const forms: Record<string, FormSpec> = {
  "routes/admin/ad-review.tsx": {
    as: "admin",
    fields: ["ad", ...fieldsOf(promotion.adRejectionSchema)],
    intents: ["approve", "reject"],
  },
  "routes/admin/catalogue.tsx": {
    as: "admin",
    fields: ["fromId", ...fieldsOf(admin.mergeSchema)],
    intents: ["merge-clubs", "merge-organizers"],
  },
  "routes/admin/edit-club.tsx": {
    as: "admin",
    fields: fieldsOf(admin.clubSchema),
    intents: ["save", "delete", "remove-photo"],
    file: "photo",
  },
  "routes/admin/edit-organizer.tsx": {
    as: "admin",
    fields: fieldsOf(admin.organizerAdminSchema),
    intents: ["save", "delete"],
  },
  "routes/admin/edit-page.tsx": {
    as: "admin",
    fields: ["slug", ...fieldsOf(admin.pageEditSchema)],
    intents: ["save", "preview"],
  },
  "routes/admin/genres.tsx": {
    as: "admin",
    fields: ["genreId", ...fieldsOf(admin.genreAdminSchema)],
    intents: ["add", "update", "delete", "add-category", "rename-category", "delete-category"],
  },
  "routes/admin/moderation.tsx": {
    as: "admin",
    fields: ["eventId", "eventsNeedApproval", ...fieldsOf(admin.rejectEventSchema)],
    intents: ["setting", "approve", "reject", "merge"],
  },
  "routes/admin/navigation.tsx": { as: "admin", fields: fieldsOf(navigationSchema) },
  "routes/admin/newsletter.tsx": {
    as: "admin",
    fields: ["subscriberId"],
    intents: ["remove", "test-send"],
  },
  "routes/admin/redirects.tsx": {
    as: "admin",
    fields: ["redirectId", ...fieldsOf(admin.redirectSchema)],
    intents: ["add", "delete"],
  },
  "routes/admin/reports.tsx": { as: "admin", fields: ["reportId"] },
  "routes/admin/settings.tsx": { as: "admin", fields: fieldsOf(siteSettingsSchema) },
  "routes/admin/users.tsx": {
    as: "admin",
    fields: ["userId"],
    intents: ["disable", "enable", "promote", "demote"],
  },
  "routes/events/create-event.tsx": {
    as: "user",
    fields: [...fieldsOf(eventFormFields), ...fieldsOf(partyFromUrlSchema)],
    intents: ["from-url"],
  },
  "routes/events/edit-event.tsx": { as: "user", fields: fieldsOf(eventFormFields) },
  "routes/events/door-words.tsx": {
    as: "user",
    fields: ["word", ...fieldsOf(doorWordSchema)],
    intents: ["post", "remove"],
  },
  "routes/events/promote-event.tsx": {
    as: "user",
    fields: fieldsOf(promotion.topEventOrderSchema),
  },
  "routes/newsletter/confirm-subscription.tsx": { as: "anonymous", fields: [], query: ["token"] },
  "routes/newsletter/newsletter.tsx": {
    as: "anonymous",
    fields: fieldsOf(newsletterSubscribeBody),
  },
  "routes/newsletter/unsubscribe.tsx": {
    as: "anonymous",
    fields: ["email"],
    query: ["token"],
  },
  "routes/parties/party-page.tsx": { as: "user", fields: ["wanted"], intents: ["remind"] },
  "routes/parties/report-party.tsx": { as: "anonymous", fields: fieldsOf(admin.eventReportSchema) },
  "routes/payments/sandbox-checkout.tsx": {
    as: "user",
    fields: [],
    intents: ["pay", "cancel", "fail"],
  },
  "routes/saved/change-alert-mails.tsx": { as: "anonymous", fields: ["wanted"], query: ["token"] },
  "routes/saved/saved-parties-page.tsx": { as: "user", fields: [] },
  "routes/user/admin-setup.tsx": { as: "anonymous", fields: fieldsOf(account.adminSetupSchema) },
  "routes/user/book-ad.tsx": { as: "user", fields: fieldsOf(promotion.adBookingSchema) },
  "routes/user/change-password.tsx": {
    as: "user",
    fields: fieldsOf(account.passwordChangeSchema),
  },
  "routes/user/edit-ad.tsx": { as: "user", fields: fieldsOf(promotion.adCreativeSchema) },
  "routes/user/forgot-password.tsx": {
    as: "anonymous",
    fields: fieldsOf(account.passwordResetConfirmSchema, account.passwordResetRequestSchema),
  },
  "routes/user/import-sources.tsx": {
    as: "user",
    fields: ["sourceId", ...fieldsOf(importSourceSchema)],
    intents: ["add", "sync", "remove"],
  },
  "routes/user/login.tsx": {
    as: "anonymous",
    fields: [...fieldsOf(account.loginSchema), "weiter"],
  },
  "routes/user/logout.tsx": { as: "user", fields: [] },
  "routes/user/my-data.tsx": {
    as: "user",
    fields: fieldsOf(
      account.profileSchema,
      account.organizerProfileSchema,
      account.deleteAccountSchema,
    ),
    intents: ["profile", "organizer", "delete"],
  },
  "routes/user/my-events.tsx": {
    as: "user",
    fields: ["event"],
    intents: ["copy", "cancel", "delete", "preview-link"],
  },
  "routes/user/my-past-events.tsx": {
    as: "user",
    fields: ["event"],
    intents: ["copy", "cancel", "delete", "preview-link"],
  },
  "routes/user/register.tsx": { as: "anonymous", fields: fieldsOf(account.registerSchema) },
  "routes/user/team.tsx": {
    as: "user",
    fields: ["organizer", "member", "invitation", ...fieldsOf(teamInvitationSchema)],
    intents: ["invite", "withdraw", "remove", "leave"],
  },
  "routes/user/team-invitation.tsx": { as: "user", fields: [], query: ["token"] },
  "routes/user/undo-email-change.tsx": {
    as: "anonymous",
    fields: fieldsOf(account.undoEmailChangeSchema),
  },
};

interface SiteRoute {
  pattern: string;
  file: string;
}

function collect(entries: RouteConfigEntry[], parent: string): SiteRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ pattern, file: entry.file }, ...collect(entry.children ?? [], pattern)];
  });
}

type RouteFunction = (args: unknown) => Promise<unknown> | unknown;

const routeModules = import.meta.glob<{ action?: RouteFunction }>([
  "./routes/**/*.{ts,tsx}",
  "!./routes/**/*.test.{ts,tsx}",
]);

const siteRoutes = collect(routes as RouteConfigEntry[], "");

async function actionOf(file: string): Promise<RouteFunction | undefined> {
  const load = routeModules[`./${file}`];
  if (!load) throw new Error(`no route module ${file}`);
  return (await load()).action;
}

let ctx: TestContext;
let people: Record<Exclude<Role, "anonymous">, { id: number; email: string }>;
/** Ids of real records, mine and others': the posts use them beside unknown and hostile ones. */
const knownIds: string[] = [];
let othersReference = "";
const others = { publicParty: 0, draft: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const organiser = await createUser(ctx.deps);
  const adminUser = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
  const other = await createUser(ctx.deps);
  people = { user: organiser, admin: adminUser };
  const club = await createClub(ctx.deps);
  const genre = await createGenre(ctx.deps);
  const party = (createdById: number, status: "published" | "draft") =>
    createEvent(ctx.deps, {
      startsAt: "2026-12-12T22:00:00Z",
      locationId: club.id,
      createdById,
      status,
      genreIds: [genre.id],
    });
  const mine = await party(organiser.id, "published");
  const othersPublic = await party(other.id, "published");
  const othersDraft = await party(other.id, "draft");
  others.publicParty = othersPublic.id;
  others.draft = othersDraft.id;
  const ad = await createAd(ctx.deps, {
    startsAt: new Date("2026-11-01T00:00:00Z"),
    endsAt: new Date("2026-12-31T00:00:00Z"),
  });
  othersReference = `sandbox_${randomBytes(12).toString("hex")}`;
  await createPaidOrder(ctx.deps, {
    userId: other.id,
    purpose: "top_event",
    eventId: othersPublic.id,
    status: "created",
    providerReference: othersReference,
  });
  knownIds.push(
    ...[mine, othersPublic, othersDraft, club, genre, ad, other, adminUser].map((record) =>
      String(record.id),
    ),
  );
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

/** An id as a form or path may carry it: a real one, an unknown one, or anything. */
const anyId = (anything = hostile) =>
  fc.oneof(
    fc.constantFrom(...knownIds),
    fc.constantFrom("99999", "0", "-1", "2147483648", "99999999999999999999", "neu", "1.5"),
    anything,
  );

const idFields = new Set([
  "ad",
  "fromId",
  "intoId",
  "eventId",
  "userId",
  "subscriberId",
  "redirectId",
  "reportId",
  "genreId",
  "categoryId",
  "event",
  "location",
  "organizers",
  "genres",
  "organizer",
  "member",
  "invitation",
]);

/** Values a form would send, so that some posts pass validation and reach deeper code. */
const plausible = fc.constantFrom(
  "",
  "on",
  "1",
  "Leipzig",
  "Kellerclub",
  "2026-12-12T23:00",
  "2026-12-12",
  "https://example.org/",
  "/party/x/1",
  "nachteule@example.org",
  "Ziege Laterne Ozean 42",
);

/** A path parameter as React Router hands it over: decoded from a URL, so well-formed text. */
const pathParameter = (name: string) => {
  if (name === "reference") {
    return fc.oneof(
      fc.constant(othersReference),
      fc.constant(`sandbox_${"0".repeat(24)}`),
      hostileQueryValue,
    );
  }
  if (name === "slug") {
    return fc.oneof(fc.constantFrom("faq", "impressum", "neu-hier"), hostileQueryValue);
  }
  return anyId(hostileQueryValue);
};

/** One post: its body (form, multipart, JSON or garbage), intent, path and query values. */
function postOf(route: SiteRoute, spec: FormSpec) {
  const names = [...route.pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const fieldValue = (name: string) =>
    idFields.has(name) ? anyId() : fc.oneof(plausible, hostile);
  const fields = fc.record(
    Object.fromEntries(
      spec.fields.map((name) => [name, fc.array(fieldValue(name), { maxLength: 2 })]),
    ),
  );
  return fc.record({
    encoding: fc.constantFrom("form", "form", "multipart", "json", "garbage"),
    fields,
    json: fc.dictionary(fc.constantFrom(...spec.fields, "x"), fc.jsonValue(), { maxKeys: 4 }),
    intent: fc.option(fc.oneof(fc.constantFrom(...(spec.intents ?? ["x"])), hostile)),
    params: fc.record(Object.fromEntries(names.map((name) => [name, pathParameter(name)]))),
    query: fc.record(Object.fromEntries((spec.query ?? []).map((name) => [name, hostile]))),
    file: fc.uint8Array({ maxLength: 64 }),
  });
}

type Post = ReturnType<typeof postOf> extends fc.Arbitrary<infer T> ? T : never;

function requestOf(route: SiteRoute, post: Post, spec: FormSpec): Request {
  const path = route.pattern.replace(/:(\w+)\??/g, (_all, name: string) =>
    encodeURIComponent(post.params[name] ?? ""),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(post.query)) search.set(name, value);
  const url = `http://localhost:3000/${path}?${search}`;
  const entries = Object.entries(post.fields).flatMap(([name, values]) =>
    values.map((value): [string, string] => [name, value]),
  );
  if (post.intent !== null) entries.push(["intent", post.intent]);
  entries.push(["csrf", "csrf"]);
  if (post.encoding === "json") {
    const values = { ...Object.fromEntries(entries), ...post.json };
    return new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrf: "csrf", values }),
    });
  }
  if (post.encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    if (spec.file) form.set(spec.file, new File([post.file], "bild.jpg"));
    return new Request(url, { method: "POST", body: form });
  }
  if (post.encoding === "garbage") {
    return new Request(url, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: post.intent ?? "--x\r\n",
    });
  }
  return new Request(url, { method: "POST", body: new URLSearchParams(entries) });
}

let posts = 0;

function contextOf(role: Role) {
  const person = role === "anonymous" ? null : people[role];
  // Every post from an address of its own: the per-address limits (decision 0197) stay out of
  // the way of the hostile values.
  const ip = `10.77.${Math.floor(++posts / 250) % 250}.${posts % 250}`;
  return {
    deps: ctx.deps,
    cspNonce: "nonce",
    clientIp: ip,
    session: {
      user: person && {
        id: person.id,
        email: person.email,
        displayName: "Testperson",
        role: role === "admin" ? "admin" : "user",
      },
      sessionId: null,
      ip,
      client: clientAddress(ip),
      csrfToken: "csrf",
      checkCsrf: (token: unknown) => token === "csrf",
      signIn: async () => {},
      signOut: async () => {},
    },
  };
}

/** The status React Router answers: a thrown or returned Response, `data(…)`, or 200. */
async function statusOf(run: RouteFunction, args: unknown): Promise<number> {
  let outcome: unknown;
  try {
    outcome = await run(args);
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome.status;
  return (outcome as { init?: { status?: number } } | null)?.init?.status ?? 200;
}

describe("hostile posts to the site's form actions", () => {
  it("describes every form action of the route list", async () => {
    const withAction: string[] = [];
    for (const route of siteRoutes) {
      if (await actionOf(route.file)) withAction.push(route.file);
    }
    // A module may serve two routes (the party page and its preview, decision 0236).
    expect([...new Set(withAction)].sort()).toEqual(Object.keys(forms).sort());
  });

  const formRoutes = siteRoutes.filter((route) => forms[route.file]);

  it.each(formRoutes)("POST /$pattern never answers 5xx", async (route) => {
    const spec = forms[route.file]!;
    const action = (await actionOf(route.file))!;
    await fc.assert(
      fc.asyncProperty(postOf(route, spec), async (post) => {
        const args = {
          request: requestOf(route, post, spec),
          params: post.params,
          context: contextOf(spec.as),
        };
        expect(await statusOf(action, args)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("what the pen test of issue 25 posted", () => {
  /** One post as the browser sends the form, by the signed-in organiser unless told. */
  async function post(
    file: string,
    path: string,
    params: Record<string, string>,
    fields: Record<string, string>,
    as: Role = "user",
  ) {
    const action = (await actionOf(file))!;
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      body: new URLSearchParams({ csrf: "csrf", ...fields }),
    });
    let outcome: unknown;
    try {
      outcome = await action({ request, params, context: contextOf(as) });
    } catch (thrown) {
      outcome = thrown;
    }
    if (outcome instanceof Response) {
      return { status: outcome.status, location: outcome.headers.get("location") };
    }
    if (outcome instanceof Error) throw outcome;
    const status = (outcome as { init?: { status?: number } } | null)?.init?.status ?? 200;
    return { status, location: null };
  }

  const notFound = { status: 404, location: null };

  it("answers an unknown party, someone else's and someone else's draft with the 404 page", async () => {
    for (const id of [99_999, others.publicParty, others.draft]) {
      const params = { id: String(id) };
      const edit = ["routes/events/edit-event.tsx", `/events/bearbeiten/${id}`] as const;
      expect(await post(...edit, params, { title: "x" })).toEqual(notFound);
      const promote = ["routes/events/promote-event.tsx", `/events/hervorheben/${id}`] as const;
      expect(await post(...promote, params, { weeks: "1" })).toEqual(notFound);
      const door = ["routes/events/door-words.tsx", `/events/tuer/${id}`] as const;
      expect(await post(...door, params, { preset: "entry_stop", intent: "post" })).toEqual(
        notFound,
      );
      const copy = { intent: "copy", event: String(id) };
      expect(await post("routes/user/my-events.tsx", "/user/events", {}, copy)).toEqual(notFound);
    }
  });

  it("answers another user's sandbox payment with the 404 page", async () => {
    expect(
      await post(
        "routes/payments/sandbox-checkout.tsx",
        `/zahlung/testmodus/${othersReference}`,
        { reference: othersReference },
        { intent: "pay" },
      ),
    ).toEqual(notFound);
  });

  it("returns after a login to /user when `weiter` is no plain ASCII path", async () => {
    // Someone the hostile posts above cannot have changed.
    const { email, password } = await createUser(ctx.deps);
    for (const weiter of ["/\u3002evil", "/party/m\u00fcnchen", "/x\u2028y"]) {
      const login = { email, password, weiter };
      const answer = await post("routes/user/login.tsx", "/user/login", {}, login, "anonymous");
      expect(answer).toEqual({ status: 302, location: "/user" });
    }
  });
});
