import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { startLocalPushService, type LocalPushService } from "#tests/setup/push-service.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import {
  followerSavedParties,
  follows,
  pushNotices,
  pushSubscriptions,
} from "#server/db/schema/follows.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { sendDueChangeAlerts } from "#server/domain/change-alerts/change-alerts.server.ts";
import { recordPartyChanges } from "#server/domain/change-alerts/party-changes.server.ts";
import { updateEvent } from "#server/domain/events/event-commands.server.ts";
import {
  deliverPendingPushNotices,
  queueNewPartyNotices,
} from "#server/domain/follows/party-alerts.server.ts";
import { deliverIssue } from "#server/domain/newsletter/issue-delivery.server.ts";
import { unsubscribeToken } from "#server/domain/newsletter/newsletter-tokens.server.ts";
import { unsubscribe } from "#server/domain/newsletter/unsubscribe.server.ts";
import { prepareDueIssue } from "#server/domain/newsletter/weekend-issue.server.ts";

/**
 * "Folgen" without an account (decisions 0186–0188): the follower API refuses forged lists and
 * foreign push endpoints, keeps a follow once, sends a new party's push once (and drops an
 * endpoint that answers 410), and "Für Dich" ends with the newsletter, nothing else.
 */

let ctx: TestContext;
let app: FastifyInstance;
let push: LocalPushService;
let club: { id: number };
let genre: { id: number };
let artist: { id: number } | undefined;

beforeAll(async () => {
  push = await startLocalPushService();
  // Wednesday 2026-11-25, 12:00 in Berlin.
  ctx = await createTestContext({
    now: "2026-11-25T11:00:00Z",
    config: {
      NEWSLETTER_SEND_HOUR: "12",
      NEWSLETTER_MAILS_PER_SECOND: "0",
      TEST_PUSH_SERVICE_URL: push.origin,
    },
  });
  app = await buildApp({ deps: ctx.deps });
  club = await createClub(ctx.deps, { name: "Distillery" });
  genre = await createGenre(ctx.deps, { name: "Techno" });
  [artist] = await ctx.deps.db
    .insert(artists)
    .values({ name: "Nachteule", slug: "nachteule" })
    .returning();
});

afterAll(async () => {
  await push.close();
  await app.close();
  await ctx.close();
});

const post = (url: string, payload: Record<string, unknown>, method: "POST" | "PUT" = "POST") =>
  app.inject({ method, url, payload });

async function newFollower(list: { kind: string; id: number }[]) {
  const response = await post("/api/follower/", { follows: list });
  expect(response.statusCode).toBe(201);
  return response.json() as { secret: string; follows: { kind: string; id: number }[] };
}

describe("the follower API", () => {
  it("refuses a forged list with field errors and keeps a duplicate follow once", async () => {
    const forged = await post("/api/follower/", {
      follows: [
        { kind: "club", id: club.id },
        { kind: "club", id: 999_999 },
        { kind: "artist", id: artist!.id },
      ],
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ "follows.1": ["Diesen Eintrag gibt es nicht."] });

    const badKind = await post("/api/follower/", {
      follows: [{ kind: "<script>", id: 1 }],
    });
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json())).toEqual(["follows"]);

    const { secret, follows: kept } = await newFollower([
      { kind: "genre", id: genre.id },
      { kind: "genre", id: genre.id },
    ]);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept).toEqual([{ kind: "genre", id: genre.id }]);
    const again = await post(
      "/api/follower/follows/",
      {
        secret,
        follows: [
          { kind: "club", id: club.id },
          { kind: "club", id: club.id },
        ],
      },
      "PUT",
    );
    expect(again.json()).toEqual({ follows: [{ kind: "club", id: club.id }] });

    const unknown = await post(
      "/api/follower/follows/",
      { secret: "A".repeat(43), follows: [] },
      "PUT",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain("kennen wir nicht");
  });

  it("takes the endpoints of the known push services, on port 443 only", async () => {
    const { secret } = await newFollower([{ kind: "club", id: club.id }]);
    const { keys } = push.subscription();
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGhhbGxv",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://fcm.googleapis.com:443/fcm/send/written-out-port",
      "https://FCM.googleapis.com./fcm/send/case-and-dot",
    ]) {
      const subscription = { endpoint, expirationTime: null, keys };
      const saved = await post("/api/follower/push/", { secret, subscription }, "PUT");
      expect(saved.statusCode, endpoint).toBe(204);
      await post("/api/follower/push/remove/", { secret, endpoint });
    }
    expect(await ctx.deps.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it("refuses a push endpoint that is not an https push service", async () => {
    const { secret } = await newFollower([{ kind: "club", id: club.id }]);
    const subscription = push.subscription();
    for (const endpoint of [
      "javascript:alert(1)",
      "http://example.org/push",
      "https://user:pw@push.example.org/x",
      "http://127.0.0.2/push",
      "https://169.254.169.254/latest",
      "https://localhost/push",
      "https://[::1]/push",
      "https://db.internal/push",
      // Issue 25: what passed the old host-name filter.
      "https://localhost./",
      "https://LOCALHOST\u3002:6379/",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://127.0.0.1.nip.io:3400/",
      "https://kubernetes.default.svc/",
      "https://db.corp.example:5432/",
      // A push service's name on another port or scheme, or as a look-alike.
      "https://fcm.googleapis.com:6379/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://fcm-googleapis.com/fcm/send/x",
      "https://push.apple.com.evil.example/x",
      "https://evilpush.apple.com/x",
      "https://notify.windows.com/x",
      "https://fcm.googleapis.com\u3002evil.example/x",
      "https://xn--fcm-googleapis-com/x",
      // The local stand-in's address, but not its origin.
      push.origin.replace(/:\d+$/, ":1"),
      push.origin.replace("http:", "https:"),
    ]) {
      const refused = await post(
        "/api/follower/push/",
        { secret, subscription: { ...subscription, endpoint } },
        "PUT",
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ endpoint: ["Diese Push-Adresse nehmen wir nicht an."] });
    }
    const badKeys = await post(
      "/api/follower/push/",
      { secret, subscription: { ...subscription, keys: { p256dh: "x", auth: "y" } } },
      "PUT",
    );
    expect(badKeys.statusCode).toBe(400);
    expect(await ctx.deps.db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe("party alerts", () => {
  it("reach a follower's browser once, and an endpoint answering 410 is removed", async () => {
    const { secret } = await newFollower([{ kind: "artist", id: artist!.id }]);
    const put = await post(
      "/api/follower/push/",
      { secret, subscription: push.subscription("/push/alerts") },
      "PUT",
    );
    expect(put.statusCode).toBe(204);

    const party = await createEvent(ctx.deps, {
      title: "Eulen <b>bei</b> Nacht",
      startsAt: "2026-11-27T22:00:00Z",
      locationId: club.id,
    });
    await ctx.deps.db.insert(lineupEntries).values({ eventId: party.id, artistId: artist!.id });
    expect(await queueNewPartyNotices(ctx.deps, party.id)).toBeGreaterThanOrEqual(1);
    expect((await deliverPendingPushNotices(ctx.deps)).sent).toBeGreaterThanOrEqual(1);
    const mine = push.received().filter((pushed) => pushed.path === "/push/alerts");
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!.payload)).toEqual({
      title: "Neue Party: Eulen <b>bei</b> Nacht",
      body: expect.stringContaining("Distillery"),
      url: `http://localhost:3000/party/eulen-b-bei-b-nacht/${party.id}`,
      tag: `new-party-${party.id}`,
    });
    expect(mine[0]!.headers.authorization).toMatch(/^vapid t=.+, k=/);

    // Announced again (the party saved once more): nobody hears of it twice.
    expect(await queueNewPartyNotices(ctx.deps, party.id)).toBe(0);
    await deliverPendingPushNotices(ctx.deps);
    expect(push.received().filter((pushed) => pushed.path === "/push/alerts")).toHaveLength(1);

    // The push service says the browser dropped the subscription: it is deleted.
    push.setStatus(410);
    const second = await createEvent(ctx.deps, {
      title: "Zweite Eulennacht",
      startsAt: "2026-11-28T22:00:00Z",
    });
    await ctx.deps.db.insert(lineupEntries).values({ eventId: second.id, artistId: artist!.id });
    await queueNewPartyNotices(ctx.deps, second.id);
    expect((await deliverPendingPushNotices(ctx.deps)).removed).toBeGreaterThanOrEqual(1);
    push.setStatus(201);
    expect(
      await ctx.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, push.subscription("/push/alerts").endpoint)),
    ).toEqual([]);
    expect(
      (await ctx.deps.db.select().from(pushNotices)).every((notice) => notice.status === "sent"),
    ).toBe(true);
  });
});

describe("Für Dich", () => {
  it("lists the follows' weekend parties for the linked subscriber; unsubscribing stops only that", async () => {
    const { secret } = await newFollower([{ kind: "genre", id: genre.id }]);
    await post(
      "/api/follower/push/",
      { secret, subscription: push.subscription("/push/fuer-dich") },
      "PUT",
    );
    const signup = await post("/api/follower/newsletter/", {
      secret,
      email: "folgerin@example.org",
    });
    expect(signup.statusCode).toBe(202);
    const badMail = await post("/api/follower/newsletter/", { secret, email: "kein-mail" });
    expect(badMail.statusCode).toBe(400);
    expect(Object.keys(badMail.json())).toEqual(["email"]);
    // Confirmed by the mail's link (double opt-in; the link's flow has its own tests).
    await ctx.deps.db
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: ctx.deps.now() })
      .where(eq(newsletterSubscribers.email, "folgerin@example.org"));
    await ctx.deps.db.insert(newsletterSubscribers).values({
      email: "andere@example.org",
      status: "confirmed",
      consent: {
        signedUpAt: "2026-11-20T10:00:00Z",
        ip: null,
        userAgent: null,
        form: "page",
        wordingVersion: "2026-11-newsletter-1",
      },
    });
    await createEvent(ctx.deps, {
      title: "Techno <i>für</i> Folgende",
      startsAt: "2026-11-28T21:00:00Z",
      genreIds: [genre.id],
    });

    // Thursday 12:00 in Berlin: the issue is due.
    ctx.setNow("2026-11-26T11:00:00Z");
    const issue = await prepareDueIssue(ctx.deps);
    expect(issue.weekendStart).toBe("2026-11-27");
    if (issue.weekendStart === null) return;
    await deliverIssue(ctx.deps, issue.issueId);
    const issueMail = async (address: string) =>
      (await mailsTo(ctx.deps.config, address)).filter((mail) =>
        mail.subject.startsWith("Dein Wochenende"),
      );
    const [mine] = await issueMail("folgerin@example.org");
    expect(mine!.html).toContain("Für Dich");
    expect(mine!.text).toMatch(/FÜR DICH/);
    expect(mine!.text).toContain("Techno <i>für</i> Folgende");
    expect(mine!.html).toContain("Techno &lt;i&gt;für&lt;/i&gt; Folgende");
    const [other] = await issueMail("andere@example.org");
    expect(other!.html).not.toContain("Für Dich");
    expect(other!.text).toContain("Techno <i>für</i> Folgende");

    // Unsubscribing ends the newsletter and with it "Für Dich"; follows and push stay.
    const [subscriber] = await ctx.deps.db
      .select({ id: newsletterSubscribers.id, followerId: newsletterSubscribers.followerId })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "folgerin@example.org"));
    expect(await unsubscribe(ctx.deps, unsubscribeToken(ctx.deps.config, subscriber!.id))).toBe(
      true,
    );
    ctx.setNow("2026-12-03T11:00:00Z");
    const next = await prepareDueIssue(ctx.deps);
    if (next.weekendStart !== null && next.status === "sending") {
      await deliverIssue(ctx.deps, next.issueId);
    }
    expect(await issueMail("folgerin@example.org")).toHaveLength(1);
    expect(
      await ctx.deps.db
        .select()
        .from(follows)
        .where(eq(follows.followerId, subscriber!.followerId!)),
    ).toHaveLength(1);
    expect(
      await ctx.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.followerId, subscriber!.followerId!)),
    ).toHaveLength(1);
  });
});

describe("the follows' calendar feed", () => {
  it("lists the follows' coming parties at a secret address that a new one replaces", async () => {
    const techno = await createGenre(ctx.deps, { name: "Acid" });
    const { secret } = await newFollower([{ kind: "genre", id: techno.id }]);
    await createEvent(ctx.deps, {
      title: "Acid & Bass",
      startsAt: "2026-12-12T22:00:00Z",
      genreIds: [techno.id],
    });
    await createEvent(ctx.deps, {
      title: "Längst vorbei",
      startsAt: "2026-11-01T22:00:00Z",
      genreIds: [techno.id],
    });
    const first = await post("/api/follower/feed/", { secret });
    expect(first.statusCode).toBe(200);
    const url = new URL(first.json().url as string);
    expect(url.pathname).toMatch(/^\/feeds\/folge-ich\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await post("/api/follower/feed/", { secret })).json().url).toBe(url.href);
    const feed = await app.inject({ method: "GET", url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    expect(feed.headers["cache-control"]).toBe("private, max-age=300");
    expect(feed.body).toContain("Acid & Bass");
    expect(feed.body).not.toContain("Längst vorbei");

    const renewed = await post("/api/follower/feed/renew/", { secret });
    expect(renewed.json().url).not.toBe(url.href);
    expect((await app.inject({ method: "GET", url: url.pathname })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: new URL(renewed.json().url as string).pathname }))
        .statusCode,
    ).toBe(200);
  });
});

describe("change alerts by push", () => {
  it("tell a followed party's followers what changed, once per alert", async () => {
    const minimal = await createClub(ctx.deps, { name: "Kleiner Salon" });
    const { secret } = await newFollower([{ kind: "club", id: minimal.id }]);
    await post(
      "/api/follower/push/",
      { secret, subscription: push.subscription("/push/aenderung") },
      "PUT",
    );
    ctx.setNow("2026-11-26T11:00:00Z");
    const party = await createEvent(ctx.deps, {
      title: "Salonabend",
      startsAt: "2026-12-19T21:00:00Z",
      locationId: minimal.id,
    });
    await ctx.deps.db.transaction((tx) =>
      recordPartyChanges(tx, ctx.deps.now(), [party.id], ["lineup"]),
    );
    ctx.setNow("2026-11-26T12:30:00Z");
    const report = await sendDueChangeAlerts(ctx.deps);
    expect(report.pushes).toBe(1);
    const mine = push.received().filter((pushed) => pushed.path === "/push/aenderung");
    expect(
      mine.map((pushed) => JSON.parse(pushed.payload) as { title: string; body: string }),
    ).toEqual([
      expect.objectContaining({ title: "Geändert: Salonabend", body: "Line-up geändert" }),
    ]);
    expect((await sendDueChangeAlerts(ctx.deps)).pushes).toBe(0);
  });
});

describe("change alerts by push for saved parties (decision 0189)", () => {
  it("refuses unknown party ids with field errors and more than 200", async () => {
    const party = await createEvent(ctx.deps, {
      title: "Merknacht",
      startsAt: "2026-12-19T22:00:00Z",
      locationId: club.id,
    });
    const forged = await post("/api/follower/", {
      follows: [{ kind: "club", id: 999_999 }],
      saved_parties: [party.id, 999_998],
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      "follows.0": ["Diesen Eintrag gibt es nicht."],
      "saved_parties.1": ["Diese Party gibt es nicht."],
    });

    const { secret } = await newFollower([]);
    const unknown = await post(
      "/api/follower/follows/",
      { secret, follows: [], saved_parties: [999_997] },
      "PUT",
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ "saved_parties.0": ["Diese Party gibt es nicht."] });

    // Someone's draft (or a party not approved) answers exactly like an id nobody has (issue 25).
    for (const status of ["draft", "pending", "rejected"] as const) {
      const hidden = await createEvent(ctx.deps, {
        title: `Geheimnacht ${status}`,
        startsAt: "2026-12-19T22:00:00Z",
        locationId: club.id,
        status,
      });
      const probes = [
        await post("/api/follower/", { follows: [], saved_parties: [hidden.id] }),
        await post(
          "/api/follower/follows/",
          { secret, follows: [], saved_parties: [hidden.id] },
          "PUT",
        ),
      ];
      for (const probe of probes) {
        expect({ status: probe.statusCode, body: probe.body }).toEqual({
          status: unknown.statusCode,
          body: unknown.body,
        });
      }
    }

    const tooMany = await post(
      "/api/follower/follows/",
      { secret, follows: [], saved_parties: Array.from({ length: 201 }, (_, i) => i + 1) },
      "PUT",
    );
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json())).toEqual(["saved_parties"]);

    const badId = await post(
      "/api/follower/follows/",
      { secret, follows: [], saved_parties: ["<script>"] },
      "PUT",
    );
    expect(badId.statusCode).toBe(400);

    // Nothing refused was kept; a good list is, once; leaving the ids out keeps the copy.
    const good = await post(
      "/api/follower/follows/",
      { secret, follows: [], saved_parties: [party.id, party.id] },
      "PUT",
    );
    expect(good.statusCode).toBe(200);
    await post("/api/follower/follows/", { secret, follows: [] }, "PUT");
    const kept = await ctx.deps.db
      .select({ eventId: followerSavedParties.eventId })
      .from(followerSavedParties)
      .where(eq(followerSavedParties.eventId, party.id));
    expect(kept).toEqual([{ eventId: party.id }]);
  });

  it("push a saved party's move to another club once to each browser that saved it", async () => {
    ctx.setNow("2026-11-27T11:00:00Z");
    const owner = await createUser(ctx.deps, { email: "merk-veranstalter@example.org" });
    const home = await createClub(ctx.deps, { name: "Werk 2" });
    const elsewhere = await createClub(ctx.deps, { name: "Institut fuer Zukunft" });
    const party = await createEvent(ctx.deps, {
      title: "Umzugsparty",
      startsAt: "2026-12-19T22:00:00Z",
      endsAt: new Date("2026-12-20T05:00:00Z"),
      locationId: home.id,
      createdById: owner.id,
    });
    const subscribe = async (secret: string, path: string) => {
      const response = await post(
        "/api/follower/push/",
        { secret, subscription: push.subscription(path) },
        "PUT",
      );
      expect(response.statusCode).toBe(204);
    };
    // Saved only (sent when push was switched on).
    const saver = await post("/api/follower/", { follows: [], saved_parties: [party.id] });
    expect(saver.statusCode).toBe(201);
    await subscribe((saver.json() as { secret: string }).secret, "/push/gemerkt-1");
    // Saved twice and follows the party's new club too.
    const both = await newFollower([{ kind: "club", id: elsewhere.id }]);
    await subscribe(both.secret, "/push/gemerkt-2");
    const synced = await post(
      "/api/follower/follows/",
      {
        secret: both.secret,
        follows: [{ kind: "club", id: elsewhere.id }],
        saved_parties: [party.id, party.id],
      },
      "PUT",
    );
    expect(synced.statusCode).toBe(200);
    // A follower with push that neither saved nor follows it hears nothing.
    const other = await newFollower([]);
    await subscribe(other.secret, "/push/gemerkt-3");

    await updateEvent(ctx.deps, { id: owner.id, role: "user" }, party.id, {
      title: "Umzugsparty",
      start: "2026-12-19T23:00",
      end: "2026-12-20T06:00",
      location: elsewhere.id,
      lineup: [],
    });
    // The move announces the party as new at its new club, sent in the background
    // (announceNewParty). Until that delivery has run, it may claim the change's notices too and
    // send them itself: the job below would count none (seen on a loaded machine).
    await expect
      .poll(async () =>
        (await ctx.deps.db.select().from(pushNotices)).every((notice) => notice.status === "sent"),
      )
      .toBe(true);
    ctx.setNow("2026-11-27T11:15:00Z");
    const report = await sendDueChangeAlerts(ctx.deps);
    expect(report.pushes).toBe(2);
    const to = (path: string) =>
      push
        .received()
        .filter((pushed) => pushed.path === path)
        .map((pushed) => JSON.parse(pushed.payload) as { title: string; body: string });
    expect(to("/push/gemerkt-1")).toEqual([
      expect.objectContaining({
        title: "Geändert: Umzugsparty",
        body: expect.stringContaining("Institut fuer Zukunft") as string,
      }),
    ]);
    // Its new club's follower also hears of it as new there (decision 0187), but of the change once.
    expect(
      to("/push/gemerkt-2").filter((pushed) => pushed.title.startsWith("Geändert")),
    ).toHaveLength(1);
    expect(to("/push/gemerkt-3")).toEqual([]);

    // The next run, and one after the hour without a change, send nothing more.
    expect((await sendDueChangeAlerts(ctx.deps)).pushes).toBe(0);
    ctx.setNow("2026-11-27T12:30:00Z");
    expect((await sendDueChangeAlerts(ctx.deps)).pushes).toBe(0);
    expect(to("/push/gemerkt-1")).toHaveLength(1);
  });
});
