import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
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

/**
 * Numbers the outbox files of this process: one sequence for every outbox mailer in it (tests
 * run several site instances in one process on one folder), so two never pick the same name.
 */
let outboxSequence = 0;

/**
 * A fresh outbox file name that sorts oldest first: the time, the process, its sequence (padded,
 * so the tenth mail of a millisecond sorts after the ninth) and a random tail for processes that
 * share a folder and a process id (two containers on one volume).
 */
function outboxFileName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const sequence = String(++outboxSequence).padStart(6, "0");
  return `${stamp}-${process.pid}-${sequence}-${randomBytes(3).toString("hex")}.eml`;
}

/** The embedded default: every mail becomes an .eml file in DATA_DIR/outbox. */
function createOutboxMailer(config: Config): Mailer {
  const directory = outboxDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: "outbox",
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      mkdirSync(directory, { recursive: true });
      // Written beside, then renamed: a reader of the outbox (the viewer, a test) never sees
      // half a mail.
      const file = path.join(directory, outboxFileName());
      writeFileSync(`${file}.part`, info.message as Buffer, { flag: "wx" });
      renameSync(`${file}.part`, file);
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
