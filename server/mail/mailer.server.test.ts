import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, expect, it, vi } from "vitest";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createMailer, outboxDir } from "./mailer.server.ts";
import { readOutbox } from "./outbox.server.ts";

const message = {
  to: "gast@example.org",
  subject: "Bitte bestätige Deine Anmeldung",
  html: "<p>Hallo! Größe ändert sich.</p>",
  text: "Hallo! Größe ändert sich.",
  headers: { "List-Unsubscribe": "<https://example.org/u>" },
};

it("writes mail to DATA_DIR/outbox as .eml when no SMTP_URL is set", async () => {
  const config = createTestConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "clubkalender-outbox-")),
  });
  const mailer = createMailer(config);
  expect(mailer.kind).toBe("outbox");
  await mailer.send(message);
  const [mail] = readOutbox(outboxDir(config));
  expect(mail?.raw).toContain("To: gast@example.org");
  expect(mail?.raw).toContain("List-Unsubscribe: <https://example.org/u>");
  expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?/m);
});

it("keeps every mail when two site instances in one process write one outbox in the same millisecond", async () => {
  const config = createTestConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "clubkalender-outbox-")),
  });
  const instances = [createMailer(config), createMailer(config)];
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T22:00:00Z") });
  try {
    const subjects = Array.from({ length: 12 }, (_, index) => `Mail ${index + 1}`);
    for (const [index, subject] of subjects.entries()) {
      await instances[index % 2]!.send({ ...message, subject });
    }
    // Oldest first, the twelfth after the ninth although all share one time stamp.
    const written = readOutbox(outboxDir(config)).map(
      (mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1],
    );
    expect(written).toEqual(subjects);
  } finally {
    vi.useRealTimers();
  }
});

const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
    stream.on("end", () => {
      received.push(data);
      callback();
    });
  },
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

it("sends through SMTP_URL to a real SMTP server", async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  const mailer = createMailer(createTestConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
  expect(mailer.kind).toBe("smtp");
  await mailer.send(message);
  await mailer.close();
  expect(received).toHaveLength(1);
  expect(received[0]).toContain("To: gast@example.org");
});
