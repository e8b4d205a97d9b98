import { expect, it } from "vitest";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  accountExistsMail,
  emailChangeMail,
  emailChangeNoticeMail,
  emailConfirmationMail,
  passwordChangedMail,
  passwordResetMail,
} from "./account-mails.server.ts";

const deps = {
  config: { siteName: "Clubkalender", publicUrl: "https://clubkalender.example" },
} as DomainDeps;

it("starts every account mail's first sentence after 'Hallo!' with a capital letter", () => {
  const mails = [
    emailConfirmationMail(deps, "du@example.org", "token"),
    accountExistsMail(deps, "du@example.org"),
    emailChangeMail(deps, "du@example.org", "token"),
    emailChangeNoticeMail(deps, "du@example.org", "neu@example.org", "token"),
    passwordResetMail(deps, "du@example.org", "token"),
    passwordChangedMail(deps, "du@example.org"),
  ];
  for (const mail of mails) {
    const [greeting, blank, firstLine] = mail.text.split("\n");
    expect([greeting, blank]).toEqual(["Hallo!", ""]);
    expect(firstLine, mail.subject).toMatch(/^[A-ZÄÖÜ]/);
  }
  expect(mails[0]!.text).toContain("Hallo!\n\nSchön, dass Du dabei bist!");
});
