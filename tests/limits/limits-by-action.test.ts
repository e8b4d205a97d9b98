import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { multipart } from "#tests/setup/multipart.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import {
  addressLimits,
  clientAddress,
  type AddressLimitKind,
} from "#server/domain/address-limits.server.ts";
import { FREE_FAILURES } from "#server/domain/attempt-ledger.ts";
import { startSession, type SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import { action as reportParty } from "#app/routes/parties/report-party.tsx";
import { action as newsletterPage } from "#app/routes/newsletter/newsletter.tsx";
import { action as login } from "#app/routes/user/login.tsx";
import { action as register } from "#app/routes/user/register.tsx";
import { action as forgotPassword } from "#app/routes/user/forgot-password.tsx";
import { action as changePasswordPage } from "#app/routes/user/change-password.tsx";
import { action as editClub } from "#app/routes/admin/edit-club.tsx";
import { action as doorWordsPage } from "#app/routes/events/door-words.tsx";
import { DOOR_WORDS_PER_HOUR } from "#server/domain/door-words/door-words.server.ts";

/**
 * Issue 25: a limit lives with its rule, not with its adapter (decision 0197). Every action that
 * both the JSON API and a form of the site offer is listed here with its two ways in; each must
 * refuse the attempt after the allowance (429), and both count against one allowance. An API
 * route that documents a 429 must be listed, or named as the API's alone with the reason.
 */

type RouteAction = (args: unknown) => unknown;

interface Answer {
  status: number;
  /** The API's `detail`, or the site form's message above the form. */
  message?: string;
  retryAfter?: number;
}

/** One client of an action (an address, an account) and its two ways in. */
interface Client {
  api: (attempt: number) => Promise<Answer>;
  site: (attempt: number) => Promise<Answer>;
}

interface SharedAction {
  /** What people do, and the limit it is held to. */
  name: string;
  /** The API operation, as the OpenAPI document names it. */
  apiRoute: string;
  /** The site's form (its path in app/routes.ts). */
  siteForm: string;
  /**
   * The limit: one per client address (`addressLimits`), the password back-off per account, or
   * the account's image uploads per hour (decision 0198), or a party's words from the door per
   * hour (decision 0221).
   */
  limit: AddressLimitKind | "perAccount" | "uploadsPerHour" | "doorWordsPerHour";
  newClient: () => Promise<Client>;
  /** The refusal's German text, where it is not the general one (the API's, the form's). */
  refusal?: RegExp;
}

/** Image uploads an account gets per hour in this test's configuration. */
const UPLOADS_PER_HOUR = 3;

/** Attempts a client gets before the 429. */
const allowanceOf = (limit: SharedAction["limit"]) =>
  limit === "perAccount"
    ? FREE_FAILURES
    : limit === "uploadsPerHour"
      ? UPLOADS_PER_HOUR
      : limit === "doorWordsPerHour"
        ? DOOR_WORDS_PER_HOUR
        : addressLimits[limit].max;

/** API operations that document a 429 but have no form on the site, and why. */
const apiOnly: Record<string, string> = {
  "POST /api/follower/": "a follower is made by the browser's script; no form makes one",
  "POST /api/upload-flyer/":
    "the event and ad forms upload their flyer through this route itself (JavaScript); no form " +
    "action receives a flyer",
};

/** Per-address limits of actions only the site offers, and why. */
const siteOnly: Partial<Record<AddressLimitKind, string>> = {
  unsubscribeLink:
    "“mail me my unsubscribe link” is a form of the unsubscribe page; the API unsubscribes " +
    "only with a link's token (RFC 8058 one-click, from mail providers' servers)",
};

let ctx: TestContext;
let app: FastifyInstance;
let partyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ config: { IMAGE_UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR) } });
  app = await buildApp({ deps: ctx.deps });
  partyId = (await createEvent(ctx.deps, { startsAt: "2026-11-21T22:00:00Z" })).id;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

let addresses = 0;
/** A client address of its own for every client, so the actions' allowances stay apart. */
const freshAddress = () => `10.25.${Math.floor(++addresses / 250)}.${addresses % 250}`;

async function apiPost(
  url: string,
  payload: object,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({ method: "POST", url, payload, headers, remoteAddress: from });
  const retryAfter = response.headers["retry-after"];
  return {
    status: response.statusCode,
    message: (response.json() as { detail?: string }).detail,
    ...(retryAfter === undefined ? {} : { retryAfter: Number(retryAfter) }),
  };
}

/** What React Router hands a route's action: the domain, and a session from `from`. */
function siteContext(from: string, user: SessionUser | null = null) {
  return {
    deps: ctx.deps,
    cspNonce: "nonce",
    clientIp: from,
    session: {
      user,
      sessionId: null,
      csrfToken: "csrf",
      ip: from,
      checkCsrf: (token: unknown) => token === "csrf",
      signIn: async () => {},
      signOut: async () => {},
      client: clientAddress(from),
    },
  };
}

/** Runs a route's action as React Router does and reads its answer. */
async function siteAnswer(routeAction: unknown, args: object): Promise<Answer> {
  const outcome = await Promise.resolve()
    .then(() => (routeAction as RouteAction)(args))
    .catch((thrown: unknown) => thrown);
  if (outcome instanceof Response) return { status: outcome.status };
  const { data, init } = outcome as { data?: unknown; init?: { status?: number } | null };
  const result = (init === undefined ? outcome : data) as { formError?: string } | null;
  return { status: init?.status ?? 200, message: result?.formError };
}

/** Calls a route's action as React Router does for a form post from `from`. */
function sitePost(
  routeAction: unknown,
  path: string,
  form: Record<string, string>,
  from: string,
  { params = {}, user = null }: { params?: Record<string, string>; user?: SessionUser | null } = {},
): Promise<Answer> {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams({ csrf: "csrf", ...form }),
  });
  return siteAnswer(routeAction, { request, params, context: siteContext(from, user) });
}

const clubFields = { name: "Kellerclub", address: "Hofweg 1", postcode: "04109", city: "Leipzig" };

const signedIn = async () => {
  const user = await createUser(ctx.deps);
  const { access } = await startSession(ctx.deps, user.id, null);
  const sessionUser: SessionUser = {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
  };
  return { user, access, sessionUser };
};

const sharedActions: SharedAction[] = [
  {
    name: "words from the door, per party (a few an hour)",
    apiRoute: "POST /api/events/{id}/door-words/",
    siteForm: "POST /events/tuer/:id",
    limit: "doorWordsPerHour",
    refusal:
      /^Für diese Party gingen in der letzten Stunde schon 4 Meldungen raus\. Die nächste geht in \d+ Minuten?\.$/,
    newClient: async () => {
      const { user, access, sessionUser } = await signedIn();
      // Tonight's party (the test clock: Friday 21:00 in Berlin).
      const party = await createEvent(ctx.deps, {
        startsAt: "2026-11-20T22:00:00Z",
        createdById: user.id,
      });
      const word = { preset: "queue_20" };
      return {
        api: () =>
          apiPost(`/api/events/${party.id}/door-words/`, word, freshAddress(), bearer(access)),
        site: () =>
          sitePost(
            doorWordsPage,
            `/events/tuer/${party.id}`,
            { ...word, intent: "post" },
            freshAddress(),
            { params: { id: String(party.id) }, user: sessionUser },
          ),
      };
    },
  },
  {
    name: "newsletter sign-up, per address",
    apiRoute: "POST /api/newsletter/subscribe/",
    siteForm: "POST /newsletter",
    limit: "newsletterSignup",
    newClient: async () => {
      const from = freshAddress();
      const email = (attempt: number) => `flut-${from}-${attempt}@example.org`;
      return {
        api: (attempt) => apiPost("/api/newsletter/subscribe/", { email: email(attempt) }, from),
        site: (attempt) =>
          sitePost(newsletterPage, "/newsletter", { email: email(attempt), form: "page" }, from),
      };
    },
  },
  {
    name: "report of a mistake (“Fehler melden”), per address",
    apiRoute: "POST /api/events/{id}/report/",
    siteForm: "POST /fehler-melden/:id",
    limit: "report",
    newClient: async () => {
      const from = freshAddress();
      const report = (attempt: number) => ({ message: `Die Uhrzeit stimmt nicht (${attempt}).` });
      return {
        api: (attempt) => apiPost(`/api/events/${partyId}/report/`, report(attempt), from),
        site: (attempt) =>
          sitePost(reportParty, `/fehler-melden/${partyId}`, report(attempt), from, {
            params: { id: String(partyId) },
          }),
      };
    },
  },
  {
    name: "“Für Dich” sign-up, per address (the newsletter's allowance)",
    apiRoute: "POST /api/follower/newsletter/",
    siteForm: "POST /newsletter",
    limit: "newsletterSignup",
    newClient: async () => {
      const from = freshAddress();
      const follower = await app.inject({
        method: "POST",
        url: "/api/follower/",
        payload: { follows: [] },
        remoteAddress: from,
      });
      const { secret } = follower.json() as { secret: string };
      const email = (attempt: number) => `fuer-dich-${from}-${attempt}@example.org`;
      return {
        api: (attempt) =>
          apiPost("/api/follower/newsletter/", { secret, email: email(attempt) }, from),
        site: (attempt) =>
          sitePost(newsletterPage, "/newsletter", { email: email(attempt), form: "page" }, from),
      };
    },
  },
  {
    name: "login, per address",
    apiRoute: "POST /api/token/",
    siteForm: "POST /user/login",
    limit: "login",
    newClient: async () => {
      const from = freshAddress();
      // Another account each time: this is the limit per address.
      const credentials = (attempt: number) => ({
        email: `geraten-${from}-${attempt}@example.org`,
        password: "geraten",
      });
      return {
        api: (attempt) => apiPost("/api/token/", credentials(attempt), from),
        site: (attempt) => sitePost(login, "/user/login", credentials(attempt), from),
      };
    },
  },
  {
    name: "login, per account",
    apiRoute: "POST /api/token/",
    siteForm: "POST /user/login",
    limit: "perAccount",
    newClient: async () => {
      const { user } = await signedIn();
      // From another address each time: this is the limit per account.
      const credentials = { email: user.email, password: "geraten" };
      return {
        api: () => apiPost("/api/token/", credentials, freshAddress()),
        site: () => sitePost(login, "/user/login", credentials, freshAddress()),
      };
    },
  },
  {
    name: "registration, per address",
    apiRoute: "POST /api/register/",
    siteForm: "POST /user/registrieren",
    limit: "register",
    newClient: async () => {
      const from = freshAddress();
      return {
        api: () => apiPost("/api/register/", { email: "kaputt" }, from),
        site: () => sitePost(register, "/user/registrieren", { email: "kaputt" }, from),
      };
    },
  },
  {
    name: "password reset request, per address",
    apiRoute: "POST /api/password_reset/",
    siteForm: "POST /user/passwort-vergessen",
    limit: "passwordReset",
    newClient: async () => {
      const from = freshAddress();
      const request = (attempt: number) => ({ email: `vergessen-${attempt}@example.org` });
      return {
        api: (attempt) => apiPost("/api/password_reset/", request(attempt), from),
        site: (attempt) =>
          sitePost(forgotPassword, "/user/passwort-vergessen", request(attempt), from),
      };
    },
  },
  {
    name: "password reset with a link, per address",
    apiRoute: "POST /api/password_reset/confirm/",
    siteForm: "POST /user/passwort-vergessen",
    limit: "passwordReset",
    newClient: async () => {
      const from = freshAddress();
      const reset = (attempt: number) => ({
        token: `geratener-link-${attempt}`,
        new_password: "Ein ganz neues Passwort 7",
      });
      return {
        api: (attempt) => apiPost("/api/password_reset/confirm/", reset(attempt), from),
        site: (attempt) =>
          sitePost(forgotPassword, "/user/passwort-vergessen", reset(attempt), from),
      };
    },
  },
  {
    name: "password change, per account (the current password)",
    apiRoute: "POST /api/password_change/",
    siteForm: "POST /user/passwort",
    limit: "perAccount",
    newClient: async () => {
      const { access, sessionUser } = await signedIn();
      const change = (attempt: number) => ({
        current_password: `falsch-${attempt}`,
        new_password: "Ein ganz neues Passwort 7",
      });
      return {
        api: (attempt) =>
          apiPost("/api/password_change/", change(attempt), freshAddress(), bearer(access)),
        site: (attempt) =>
          sitePost(changePasswordPage, "/user/passwort", change(attempt), freshAddress(), {
            user: sessionUser,
          }),
      };
    },
  },
  {
    name: "club photo upload, per account (image uploads per hour)",
    apiRoute: "PUT /api/admin/clubs/{id}/photo/",
    siteForm: "POST /admin/katalog/clubs/:id",
    limit: "uploadsPerHour",
    refusal:
      /^Du hast in dieser Stunde schon 3 Bilder hochgeladen\. Weitere kannst Du in \d+ Minuten hochladen\.$/,
    newClient: async () => {
      const admin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
      const { access } = await startSession(ctx.deps, admin.id, null);
      const clubId = String((await createClub(ctx.deps)).id);
      const photo = await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#345" },
      })
        .jpeg()
        .toBuffer();
      return {
        api: async () => {
          const body = multipart("photo", "club.jpg", "image/jpeg", photo);
          const response = await app.inject({
            method: "PUT",
            url: `/api/admin/clubs/${clubId}/photo/`,
            payload: body.payload,
            headers: { ...body.headers, ...bearer(access) },
          });
          return {
            status: response.statusCode,
            message: response.json<{ detail?: string }>().detail,
            retryAfter: Number(response.headers["retry-after"] ?? 0),
          };
        },
        site: async () => {
          const form = new FormData();
          form.set("csrf", "csrf");
          form.set("intent", "save");
          for (const [name, value] of Object.entries(clubFields)) form.set(name, value);
          form.set("photo", new File([new Uint8Array(photo)], "club.jpg"));
          return siteAnswer(editClub, {
            request: new Request(`http://localhost:3000/admin/katalog/clubs/${clubId}`, {
              method: "POST",
              body: form,
            }),
            params: { id: clubId },
            context: siteContext(freshAddress(), {
              id: admin.id,
              email: admin.email,
              displayName: admin.displayName,
              role: "admin",
            }),
          });
        },
      };
    },
  },
];

const tooManyRequests = "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.";
const tooManyAttempts =
  /^Zu viele Versuche\. Bitte warte \d+ (Sekunden|Minuten) und versuche es dann erneut\.$/;

describe.each(sharedActions)("$name", ({ limit, newClient, refusal }) => {
  const expectRefusedByApi = (answer: Answer) => {
    expect(answer.status).toBe(429);
    if (refusal) expect(answer.message).toMatch(refusal);
    else expect(answer.message).toBe(tooManyRequests);
    expect(answer.retryAfter).toBeGreaterThan(0);
  };
  const expectRefusedBySite = (answer: Answer) => {
    expect(answer.status).toBe(429);
    expect(answer.message).toMatch(refusal ?? tooManyAttempts);
  };
  const allowed = allowanceOf(limit);

  it("is limited through the API", async () => {
    const client = await newClient();
    for (let attempt = 0; attempt < allowed; attempt++) {
      expect((await client.api(attempt)).status).not.toBe(429);
    }
    expectRefusedByApi(await client.api(allowed));
  });

  it("is limited through the site's form", async () => {
    const client = await newClient();
    for (let attempt = 0; attempt < allowed; attempt++) {
      expect((await client.site(attempt)).status).not.toBe(429);
    }
    expectRefusedBySite(await client.site(allowed));
  });

  it("counts both ways against one allowance", async () => {
    const client = await newClient();
    for (let attempt = 0; attempt < allowed; attempt++) {
      const answer = await (attempt % 2 ? client.site(attempt) : client.api(attempt));
      expect(answer.status).not.toBe(429);
    }
    expectRefusedByApi(await client.api(allowed));
    expectRefusedBySite(await client.site(allowed + 1));
  });
});

describe("the list of shared actions", () => {
  it("names every API operation that documents a 429", async () => {
    const document = (await app.inject({ url: "/api/schema/" })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const limited = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.responses?.["429"])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const listed = new Set([
      ...sharedActions.map((entry) => entry.apiRoute),
      ...Object.keys(apiOnly),
    ]);
    expect(limited.filter((route) => !listed.has(route))).toEqual([]);
  });

  it("names an action for every per-address limit of the domain", () => {
    const named = new Set<string>([
      ...sharedActions.map((entry) => entry.limit),
      ...Object.keys(siteOnly),
    ]);
    expect(Object.keys(addressLimits).filter((kind) => !named.has(kind))).toEqual([]);
  });
});
