/**
 * What a failed send means for trying again:
 * - "retry": the mail server certainly does not have the mail (no connection, or a 4xx reply);
 * - "permanent": it refused the mail for good (5xx, e.g. an unknown mailbox);
 * - "unknown": the connection broke while the mail was on its way — it may have arrived, so it
 *   is never sent again (no doubles; decision 0043).
 */
export type SendFailureKind = "retry" | "permanent" | "unknown";

/** Failures that happen before a connection stands: nothing can have been delivered. */
const notConnectedCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EDNS",
]);

/** Steps of the SMTP dialogue before the message itself is transferred. */
const beforeDataCommands = new Set([
  "GREETING",
  "EHLO",
  "HELO",
  "LHLO",
  "STARTTLS",
  "MAIL FROM",
  "RCPT TO",
]);

interface MailError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  command?: string;
}

export function classifySendFailure(error: unknown): SendFailureKind {
  const mailError = (typeof error === "object" && error !== null ? error : {}) as MailError;
  const { responseCode, command } = mailError;
  if (typeof responseCode === "number") {
    // 503 is "bad sequence of commands": a protocol hiccup, not a verdict on the mail.
    return responseCode >= 500 && responseCode !== 503 ? "permanent" : "retry";
  }
  if (
    notConnectedCodes.has(mailError.originalCode ?? "") ||
    notConnectedCodes.has(mailError.code ?? "") ||
    (command !== undefined && beforeDataCommands.has(command)) ||
    command?.startsWith("AUTH")
  ) {
    return "retry";
  }
  return "unknown";
}
