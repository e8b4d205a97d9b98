/**
 * Reads the mails nodemailer writes (outbox files, what an SMTP sink receives): headers, and the
 * plain-text and HTML parts decoded. Enough for the development outbox page and for tests; not a
 * general MIME parser (UTF-8 only, no attachments).
 */

export interface ReadMail {
  headers: Map<string, string>;
  subject: string;
  to: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  if (index < 0) return { head: raw, body: "" };
  const separator = raw.slice(index).match(/^\r?\n\r?\n/)![0];
  return { head: raw.slice(0, index), body: raw.slice(index + separator.length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, "");
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const hex = text.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** RFC 2047 encoded words ("=?UTF-8?Q?Gr=C3=B6=C3=9Fe?="), as nodemailer writes them. */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function collectParts(raw: string, mail: { text: string; html: string }) {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      // The line break before a boundary belongs to the boundary (RFC 2046).
      collectParts(section.replace(/^\r?\n/, "").replace(/\r?\n$/, ""), mail);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (type.toLowerCase().startsWith("text/html")) mail.html ||= decoded;
  else if (type.toLowerCase().startsWith("text/plain")) mail.text ||= decoded;
}

export function readMail(raw: string): ReadMail {
  const headers = parseHeaders(splitHead(raw).head);
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  return {
    headers,
    subject: decodeHeaderWords(headers.get("subject") ?? ""),
    to: headers.get("to") ?? "",
    ...parts,
  };
}
