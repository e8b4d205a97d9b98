import { mkdirSync, writeFileSync } from "node:fs";
import { access, constants, mkdir } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "#server/config.ts";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent along, e.g. an invoice's PDF. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** "outbox" writes .eml files to DATA_DIR/outbox; "smtp" sends through SMTP_URL. */
  kind: "outbox" | "smtp";
  send: (message: MailMessage) => Promise<{ messageId: string }>;
  /** Rejects when mail cannot go out: the outbox folder is not writable, or the SMTP server
   * refuses the connection or the login (the readiness check). */
  check: () => Promise<void>;
  close: () => Promise<void>;
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, "outbox");
}

/** The embedded default: every mail becomes an .eml file in DATA_DIR/outbox. */
function createOutboxMailer(config: Config): Mailer {
  const directory = outboxDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let sequence = 0;
  return {
    kind: "outbox",
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      mkdirSync(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${process.pid}-${++sequence}.eml`;
      writeFileSync(path.join(directory, name), info.message as Buffer, { flag: "wx" });
      return { messageId: info.messageId };
    },
    check: async () => {
      await mkdir(directory, { recursive: true });
      await access(directory, constants.W_OK);
    },
    close: async () => transport.close(),
  };
}

function createSmtpMailer(config: Config, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      return { messageId: info.messageId };
    },
    check: async () => {
      await transport.verify();
    },
    close: async () => transport.close(),
  };
}

export function createMailer(config: Config): Mailer {
  return config.smtpUrl ? createSmtpMailer(config, config.smtpUrl) : createOutboxMailer(config);
}
