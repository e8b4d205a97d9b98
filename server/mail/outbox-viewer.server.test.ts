import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createMailer } from "./mailer.server.ts";
import { listOutboxMails, outboxMail, outboxViewerEnabled } from "./outbox-viewer.server.ts";

it("is there only in development with the embedded mailer", () => {
  expect(outboxViewerEnabled(createTestConfig({ NODE_ENV: "development" }))).toBe(true);
  expect(outboxViewerEnabled(createTestConfig({ NODE_ENV: "production" }))).toBe(false);
  expect(
    outboxViewerEnabled(
      createTestConfig({ NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:2525" }),
    ),
  ).toBe(false);
});

it("lists the outbox's mails and shows one decoded", async () => {
  const config = createTestConfig({
    NODE_ENV: "development",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "clubkalender-outbox-viewer-")),
  });
  const mailer = createMailer(config);
  const html = `<p>Größe: ${"ä".repeat(120)} = genau</p>`;
  await mailer.send({
    to: "gast@example.org",
    subject: "Grüße vom Wochenende",
    html,
    text: "Grüße",
  });
  const [entry] = await listOutboxMails(config);
  expect(entry).toMatchObject({ to: "gast@example.org", subject: "Grüße vom Wochenende" });
  const mail = await outboxMail(config, entry!.file);
  expect(mail?.html).toBe(html);
  expect(mail?.text).toBe("Grüße");
  expect(await outboxMail(config, "../token-secret")).toBeNull();
});
