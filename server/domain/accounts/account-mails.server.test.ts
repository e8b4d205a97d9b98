import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import {
  accountExistsMail,
  addressAlreadyInUseMail,
  emailChangeMail,
  emailChangeNoticeMail,
  emailConfirmationMail,
  passwordChangedMail,
  passwordResetMail,
} from "./account-mails.server.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it("starts every account mail's first sentence after 'Hallo!' with a capital letter", async () => {
  const { deps } = ctx;
  const mails = await Promise.all([
    emailConfirmationMail(deps, "du@example.org", "token"),
    accountExistsMail(deps, "du@example.org"),
    addressAlreadyInUseMail(deps, "du@example.org"),
    emailChangeMail(deps, "du@example.org", "token"),
    emailChangeNoticeMail(deps, "du@example.org", "neu@example.org", "token"),
    passwordResetMail(deps, "du@example.org", "token"),
    passwordChangedMail(deps, "du@example.org"),
  ]);
  for (const mail of mails) {
    const lines = mail.text.split("\n");
    const greeting = lines.indexOf("Hallo!");
    expect(greeting, mail.subject).toBeGreaterThan(-1);
    expect(lines[greeting + 1]).toBe("");
    expect(lines[greeting + 2], mail.subject).toMatch(/^[A-ZÄÖÜ]/);
  }
  expect(mails[0]!.text).toContain("Hallo!\n\nSchön, dass Du dabei bist!");
});
