import type { Mailer, MailMessage } from "./mailer.server.ts";
import { classifySendFailure } from "./send-failure.ts";

export type SendOutcome =
  | { outcome: "sent"; messageId: string }
  | { outcome: "retry" | "permanent" | "unknown"; error: string };

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  /** Wait before the second try; doubles for each further one. */
  firstDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Sends one mail, trying again with exponential backoff while the failure is one where the mail
 * certainly did not arrive. Never throws: the outcome says what happened.
 */
export async function sendWithRetry(
  mail: Mailer,
  message: MailMessage,
  { attempts = 3, firstDelayMs = 500 }: RetryOptions = {},
): Promise<SendOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { messageId } = await mail.send(message);
      return { outcome: "sent", messageId };
    } catch (error) {
      const kind = classifySendFailure(error);
      if (kind !== "retry" || attempt >= attempts)
        return { outcome: kind, error: errorText(error) };
      await sleep(firstDelayMs * 2 ** (attempt - 1));
    }
  }
}
