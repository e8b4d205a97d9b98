import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { clientAddress } from "#server/domain/address-limits.server.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { outboxDir } from "#server/mail/mailer.server.ts";
import { readMail } from "#server/mail/eml-reader.server.ts";
import { readOutbox } from "#server/mail/outbox.server.ts";
import { UNSOLICITED_MAILS_PER_HOUR } from "#server/domain/unsolicited-mail.server.ts";
import { unsubscribe } from "./unsubscribe.server.ts";
import { requestUnsubscribeLink } from "./unsubscribe-link-mail.server.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const consent = {
    signedUpAt: "2026-11-01T10:00:00.000Z",
    ip: null,
    userAgent: null,
    form: "page" as const,
    wordingVersion: "2026-11-newsletter-1",
  };
  await ctx.deps.db.insert(newsletterSubscribers).values([
    { email: "Dabei@Example.org", status: "confirmed", consent, signedUpAt: new Date() },
    { email: "wartet@example.org", status: "pending", consent, signedUpAt: new Date() },
    { email: "weg@example.org", status: "unsubscribed", consent, signedUpAt: new Date() },
  ]);
});

afterAll(() => ctx.close());

async function mailsTo(address: string) {
  const mails = await Promise.all(
    readOutbox(outboxDir(ctx.deps.config)).map(({ raw }) => readMail(raw)),
  );
  return mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

let clients = 0;
/** Each request from an address of its own: the per-address limit is not what is tested here. */
const aClient = () => clientAddress(`192.0.2.${++clients}`);

async function request(email: string) {
  const { delivery } = await requestUnsubscribeLink(ctx.deps, { email }, aClient());
  await delivery;
}

describe("requestUnsubscribeLink (the unsubscribe page without a link)", () => {
  it("mails a listed address (any case) its unsubscribe link, which unsubscribes", async () => {
    await request("dabei@example.ORG");
    const [mail] = await mailsTo("Dabei@Example.org");
    expect(mail!.subject).toContain("abbestellen");
    const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(mail!.text)![0];
    const token = new URL(link).searchParams.get("token")!;
    expect(await unsubscribe(ctx.deps, token)).toBe(true);
  });

  it("mails unconfirmed sign-ups too, and nobody unknown or already gone", async () => {
    await request("wartet@example.org");
    await request("unbekannt@example.org");
    await request("weg@example.org");
    expect(await mailsTo("wartet@example.org")).toHaveLength(1);
    expect(await mailsTo("unbekannt@example.org")).toHaveLength(0);
    expect(await mailsTo("weg@example.org")).toHaveLength(0);
  });

  it("keeps to the per-recipient cap of unsolicited mails", async () => {
    for (let i = 0; i < UNSOLICITED_MAILS_PER_HOUR + 2; i++) await request("wartet@example.org");
    expect(await mailsTo("wartet@example.org")).toHaveLength(UNSOLICITED_MAILS_PER_HOUR);
  });

  it("refuses a malformed address with a field error", async () => {
    await expect(
      requestUnsubscribeLink(ctx.deps, { email: "kein-at" }, aClient()),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
