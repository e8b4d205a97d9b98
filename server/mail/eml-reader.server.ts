import { simpleParser, type AddressObject } from "mailparser";

/**
 * Reads the mails nodemailer writes (outbox files, what an SMTP sink receives) with mailparser:
 * the headers as written, the subject and recipients decoded, the plain-text and HTML parts.
 * For the development outbox page (which loads this module on its first mail, decision 0206:
 * mailparser with its character sets is about a megabyte of code) and for tests.
 */

export interface ReadMail {
  /** Lower-case header names → their values as written (unfolded, not decoded). */
  headers: Map<string, string>;
  subject: string;
  to: string;
  text: string;
  html: string;
  /** The attached files, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  return [address ?? []]
    .flat()
    .map((entry) => entry.text)
    .join(", ");
}

export async function readMail(raw: string): Promise<ReadMail> {
  const mail = await simpleParser(raw, {
    // Only the parts the mail has: no text made from HTML or HTML from text.
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  return {
    headers: new Map(
      mail.headerLines.map(({ key, line }) => [
        key,
        line
          .slice(line.indexOf(":") + 1)
          .replace(/\r?\n[ \t]+/g, " ")
          .trim(),
      ]),
    ),
    subject: mail.subject ?? "",
    to: addressText(mail.to),
    text: mail.text ?? "",
    html: mail.html || "",
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? "",
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}
