import type { NewsletterSubscribeBody } from "#common/schemas/newsletter.ts";
import { readCookie } from "./browser-cookies.ts";

/**
 * SPEC §7: POST /api/newsletter/subscribe/ with `{email}`, the `csrftoken` cookie's value as
 * header and credentials included. The answer's body is not read; a failure rejects.
 */
export async function postSubscription(body: NewsletterSubscribeBody): Promise<void> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const csrfToken = readCookie("csrftoken");
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  const response = await fetch("/api/newsletter/subscribe/", {
    method: "POST",
    credentials: "include",
    headers,
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Newsletter sign-up answered ${response.status}`);
}
