import type { Config } from "#server/config.ts";
import { readMail, type ReadMail } from "#server/mail/eml-reader.server.ts";
import { outboxDir } from "#server/mail/mailer.server.ts";
import { readOutbox } from "#server/mail/outbox.server.ts";

/** The mails in DATA_DIR/outbox to one address (any letter case), oldest first. */
export async function mailsTo(
  config: Pick<Config, "dataDir">,
  address: string,
): Promise<ReadMail[]> {
  const mails = await Promise.all(
    readOutbox(outboxDir(config as Config)).map((mail) => readMail(mail.raw)),
  );
  return mails.filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** The value of a query parameter in the first link of a mail's text that has it. */
export function linkParameter(mail: ReadMail, parameter: string): string {
  const match = new RegExp(`https?://\\S+[?&]${parameter}=([^\\s&]+)`).exec(mail.text);
  if (!match) throw new Error(`No link with ${parameter}= in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}
