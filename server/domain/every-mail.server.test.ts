import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import {
  accountExistsMail,
  addressAlreadyInUseMail,
  emailChangeMail,
  emailChangeNoticeMail,
  emailConfirmationMail,
  passwordChangedMail,
  passwordResetMail,
} from "#server/domain/accounts/account-mails.server.ts";
import { clientAddress } from "#server/domain/address-limits.server.ts";
import { sendOwedBillingMails } from "#server/domain/billing/billing-mails.server.ts";
import { issueInvoiceForPaidOrder } from "#server/domain/billing/issue-billing-documents.server.ts";
import { changeAlertMail } from "#server/domain/change-alerts/change-alerts.server.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import { approveEvent, rejectEvent } from "#server/domain/moderation/event-moderation.server.ts";
import { buildIssueContent } from "#server/domain/newsletter/issue-content.server.ts";
import { issueMailFor, renderIssue } from "#server/domain/newsletter/issue-mail.server.ts";
import { subscribe } from "#server/domain/newsletter/subscribe.server.ts";
import { requestUnsubscribeLink } from "#server/domain/newsletter/unsubscribe-link-mail.server.ts";
import { partyReminderMail } from "#server/domain/reminders/party-reminders.server.ts";
import { inviteToTeam } from "#server/domain/teams/team-invitations.server.ts";
import {
  adStatisticsTable,
  statisticsMail,
} from "#server/domain/payments/statistics-mail.server.ts";
import { readMail } from "#server/mail/eml-reader.server.ts";
import { outboxDir, type MailMessage } from "#server/mail/mailer.server.ts";
import { readOutbox } from "#server/mail/outbox.server.ts";
import { createAd } from "#tests/factories/ads.ts";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createPaidOrder } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { germanTextFindings } from "#tests/setup/german-text-rules.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";

/**
 * Every mail the product sends, made as the product makes it, has the shared frame (decision
 * 0214: logo, site name, Impressum link, a plain-text part) and follows docs/german-texts.md.
 */

type Mail = Pick<MailMessage, "to" | "subject" | "html" | "text">;

let ctx: TestContext;
beforeAll(async () => {
  // Thursday 12:00 in Berlin, before the weekend the issue is about.
  ctx = await createTestContext({ now: "2026-11-26T11:00:00Z" });
});
afterAll(() => ctx.close());

let clients = 0;
const aClient = () => clientAddress(`192.0.2.${++clients}`);

/** The mails the outbox got while `act` ran. */
async function mailsSentBy(act: () => Promise<unknown>): Promise<Mail[]> {
  const before = new Set(readOutbox(outboxDir(ctx.deps.config)).map((mail) => mail.raw));
  await act();
  const added = readOutbox(outboxDir(ctx.deps.config)).filter((mail) => !before.has(mail.raw));
  return Promise.all(added.map(({ raw }) => readMail(raw)));
}

/** Each template file of server/mail/templates, with the mails that use it. */
const mailsByTemplate: Record<string, () => Promise<Mail[]>> = {
  "message-mail.tsx": async () => {
    const { deps } = ctx;
    const admin = await createUser(deps, { role: "admin", withOrganizer: false });
    const owner = await createUser(deps);
    const pending = (title: string) =>
      createEvent(deps, {
        title,
        startsAt: "2026-11-28T22:00:00Z",
        status: "pending",
        createdById: owner.id,
      });
    const approved = await pending("Freigabenacht");
    const refused = await pending("Ablehnungsnacht");
    const ad = await createAd(deps, {
      ownerId: owner.id,
      placement: "listing",
      durationId: 1,
      startsAt: new Date("2026-11-23T00:00:00Z"),
      endsAt: new Date("2026-11-30T00:00:00Z"),
    });
    const order = await createPaidOrder(deps, { userId: owner.id, purpose: "ad", adId: ad.id });
    await deps.db.transaction((tx) => issueInvoiceForPaidOrder(tx, deps, order.id));
    await deps.db.insert(newsletterSubscribers).values({
      email: "leserin@example.org",
      status: "confirmed",
      consent: {
        signedUpAt: "2026-11-01T10:00:00.000Z",
        ip: null,
        userAgent: null,
        form: "page",
        wordingVersion: "2026-11-newsletter-1",
      },
      signedUpAt: new Date(),
    });
    const sent = await mailsSentBy(async () => {
      await approveEvent(deps, admin, approved.id);
      await rejectEvent(deps, admin, refused.id, { reason: "Der Club hat an dem Abend zu." });
      await sendOwedBillingMails(deps);
      await (
        await requestUnsubscribeLink(deps, { email: "leserin@example.org" }, aClient())
      ).delivery;
      await inviteToTeam(deps, { id: owner.id, role: "user" }, owner.organizerId!, {
        email: "crew@example.org",
        role: "member",
      });
    });
    expect(sent).toHaveLength(5);
    return [
      ...sent,
      await emailConfirmationMail(deps, "du@example.org", "token"),
      await accountExistsMail(deps, "du@example.org"),
      await emailChangeMail(deps, "du@example.org", "token"),
      await addressAlreadyInUseMail(deps, "du@example.org"),
      await emailChangeNoticeMail(deps, "du@example.org", "neu@example.org", "token"),
      await passwordResetMail(deps, "du@example.org", "token"),
      await passwordChangedMail(deps, "du@example.org"),
      await statisticsMail(
        deps,
        "du@example.org",
        {
          subject: "Deine Anzeige „Sommerfest“ ist abgelaufen – so lief sie",
          intro: "Der gebuchte Zeitraum Deiner Anzeige „Sommerfest“ ist vorbei.",
          linkPath: "/user/anzeigen",
        },
        adStatisticsTable({
          days: [{ day: "2026-11-20", views: 3, clicks: 1, ctr: 1 / 3 }],
          views: 3,
          clicks: 1,
          ctr: 1 / 3,
        }),
      ),
    ];
  },
  "newsletter-confirmation-mail.tsx": () =>
    mailsSentBy(async () => {
      const { delivery } = await subscribe(ctx.deps, {
        email: "neu-im-newsletter@example.org",
        form: "page",
        client: aClient(),
        userAgent: null,
      });
      await delivery;
    }),
  "party-change-mail.tsx": async () => [
    await changeAlertMail(
      ctx.deps,
      {
        eventId: 1,
        title: "Umzugsparty",
        url: `${ctx.deps.config.publicUrl}/party/umzugsparty/1`,
        kinds: ["time"],
        headline: "Geändert: Umzugsparty",
        changes: ["Neue Zeit: Sa., 28.11.2026, 00:00 Uhr"],
        mailRecipients: [],
      },
      { userId: 1, email: "du@example.org" },
    ),
  ],
  "party-reminder-mail.tsx": async () => {
    const club = await createClub(ctx.deps, { name: "Erinnerungsclub" });
    const party = await createEvent(ctx.deps, {
      title: "Erinnerungsnacht",
      startsAt: "2026-11-26T22:00:00Z",
      locationId: club.id,
    });
    const [summary] = await summariesByIds(ctx.deps, [party.id]);
    return [await partyReminderMail(ctx.deps, summary!, { userId: 1, email: "du@example.org" })];
  },
  "weekend-issue-mail.tsx": async () => {
    const club = await createClub(ctx.deps, { name: "Distillery" });
    await createEvent(ctx.deps, {
      title: "Mitternachtsspitze",
      startsAt: "2026-11-27T23:00:00Z",
      locationId: club.id,
      topUntil: new Date("2026-11-30T00:00:00Z"),
    });
    const issue = await renderIssue(
      ctx.deps,
      "2026-11-27",
      await buildIssueContent(ctx.deps, "2026-11-27"),
    );
    return [
      issueMailFor(ctx.deps.config, issue, {
        email: "leserin@example.org",
        unsubscribeToken: "token",
      }),
    ];
  },
};

const templatesDir = fileURLToPath(new URL("../mail/templates/", import.meta.url));

/** The words a mail shows: its plain-text part, and its HTML without tags, styles and head. */
const htmlText = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/, " ")
    .replace(/<[^>]*>/g, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("every mail", () => {
  it("names a way to make each template's mails", () => {
    const templates = readdirSync(templatesDir).filter((file) => file.endsWith("-mail.tsx"));
    expect(Object.keys(mailsByTemplate).sort()).toEqual(templates.sort());
  });

  for (const [template, makeMails] of Object.entries(mailsByTemplate)) {
    it(`${template}: has the shared frame and German text by the style guide`, async () => {
      const mails = await makeMails();
      expect(mails.length).toBeGreaterThan(0);
      const { publicUrl } = ctx.deps.config;
      for (const mail of mails) {
        const label = `${template}: ${mail.subject}`;
        expect(mail.html, label).toContain(`<img alt="" height="40" src="${publicUrl}/icons/`);
        expect(mail.html, label).toMatch(
          new RegExp(`<a href="${publicUrl}/impressum"[^>]*>Impressum</a>`),
        );
        expect(mail.html, label).toContain("background-color:#f7f3ec");
        expect(mail.text, label).toContain(`Impressum ${publicUrl}/impressum`);
        expect(mail.text, label).not.toMatch(/<[a-z][^>]*>/);
        const findings = [mail.subject, mail.text, htmlText(mail.html)].flatMap((text) =>
          germanTextFindings(text),
        );
        expect(findings, label).toEqual([]);
      }
    });
  }
});
