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
  /** Every accepted mail at once with its recipients and raw text; the parts mailparser reads
   * from it (subject, text, headers …) follow a moment later: use them after `waitFor` or
   * `mailTo`. */
  received: ReceivedMail[];
  /** Resolves once `count` mails are in and read (fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** The first mail to `address` (any letter case), read, waiting for it up to `timeoutMs`. */
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
  const reading = new Set<Promise<void>>();
  const allRead = () => Promise.all(reading);
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
          const mail: ReceivedMail = {
            headers: new Map(),
            subject: "",
            to: "",
            text: "",
            html: "",
            attachments: [],
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw,
          };
          // Counted at once (tests check right after sending what arrived); reading takes
          // mailparser a moment, which waitFor and mailTo wait out.
          received.push(mail);
          const read = readMail(raw).then((parts) => {
            Object.assign(mail, parts);
            reading.delete(read);
          });
          reading.add(read);
          callback();
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
    await allRead();
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
        if (mail) {
          await allRead();
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${address} at the SMTP sink`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
