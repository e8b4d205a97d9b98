import type { Config } from "#server/config.ts";
import { outboxDir } from "./mailer.server.ts";
import { readOutbox } from "./outbox.server.ts";

/** How many mails the development outbox page lists, newest first. */
const LISTED = 200;

export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  date: string;
}

export interface OutboxMessage extends OutboxEntry {
  html: string;
  text: string;
  headers: [string, string][];
}

/**
 * Reads a mail with mailparser, loaded on the first mail read, not in every worker that starts
 * (decision 0206). The bundle's chunk of our own module keeps its named exports; a package that
 * is CommonJS, imported with import() across chunks, would hand over only its default.
 */
async function readMail(raw: string) {
  const { readMail: read } = await import("./eml-reader.server.ts");
  return read(raw);
}

/** The outbox page exists only in development with the embedded mailer (no SMTP_URL). */
export function outboxViewerEnabled(config: Config): boolean {
  return config.env === "development" && !config.smtpUrl;
}

export function listOutboxMails(config: Config): Promise<OutboxEntry[]> {
  return Promise.all(
    readOutbox(outboxDir(config))
      .slice(-LISTED)
      .reverse()
      .map(async ({ file, raw }) => {
        const mail = await readMail(raw);
        return { file, to: mail.to, subject: mail.subject, date: mail.headers.get("date") ?? "" };
      }),
  );
}

export async function outboxMail(config: Config, file: string): Promise<OutboxMessage | null> {
  const found = readOutbox(outboxDir(config)).find((mail) => mail.file === file);
  if (!found) return null;
  const mail = await readMail(found.raw);
  return {
    file,
    to: mail.to,
    subject: mail.subject,
    date: mail.headers.get("date") ?? "",
    html: mail.html,
    text: mail.text,
    headers: [...mail.headers],
  };
}
