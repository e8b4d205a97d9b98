import { SMTPServer } from "smtp-server";
import { readMail, type ReadMail } from "#server/mail/eml-reader.server.ts";

export interface ReceivedMail extends ReadMail {
  /** Envelope recipients. */
  recipients: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` mails are in (fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** The first mail to `address` (any letter case), waiting for it up to `timeoutMs`. */
  mailTo: (address: string, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

export interface SinkOptions {
  /** Waits this long before accepting each mail (a slow server). */
  delayMs?: number;
  /** Answers the first mails with this temporary failure, e.g. 451. */
  refuseFirst?: { count: number; code: number };
  port?: number;
}

/** A real SMTP server on loopback that keeps every mail it accepts. */
export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusals = options.refuseFirst?.count ?? 0;
  let parsing = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0 && options.refuseFirst) {
          refusals--;
          const error = new Error("Bitte später noch einmal") as Error & { responseCode: number };
          error.responseCode = options.refuseFirst.code;
          return callback(error);
        }
        const accept = () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          // Parsed one after the other, so `received` keeps the order the mails came in.
          parsing = parsing
            .then(async () => {
              received.push({ ...(await readMail(raw)), recipients, raw });
              callback();
            })
            .catch((error: Error) => callback(error));
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  const waitFor = async (count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`Expected ${count} mails at the SMTP sink, got ${received.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return received;
  };
  const addressed = (address: string) =>
    received.find((mail) =>
      mail.recipients.some((recipient) => recipient.toLowerCase() === address.toLowerCase()),
    );
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    mailTo: async (address, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = addressed(address);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${address} at the SMTP sink`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
