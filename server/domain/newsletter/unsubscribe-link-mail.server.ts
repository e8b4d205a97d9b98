import { and, ne, sql } from "drizzle-orm";
import { newsletterUnsubscribeRequestSchema } from "#common/schemas/newsletter.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { accountMail } from "#server/domain/accounts/account-mails.server.ts";
import { countAttempt, type ClientAddress } from "#server/domain/address-limits.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { sendUnsolicitedMail } from "#server/domain/unsolicited-mail.server.ts";
import { unsubscribePageUrl } from "./newsletter-links.ts";
import { unsubscribeToken } from "./newsletter-tokens.server.ts";

/** The answer for every address, signed up or not: it tells nothing about the list. */
export const unsubscribeLinkRequestedMessage =
  "Wenn diese Adresse für den Newsletter eingetragen ist, haben wir Dir einen Link zum Abmelden geschickt.";

/**
 * The unsubscribe page without a link: mails the address its unsubscribe link if it is on the
 * list (confirmed or still unconfirmed). Answers at once; the mail goes in the returned
 * `delivery`, which the caller does not wait for, under the per-recipient cap of decision 0091 —
 * so known and unknown addresses look and take the same. Counted per client address.
 */
export async function requestUnsubscribeLink(
  deps: DomainDeps,
  input: unknown,
  client: ClientAddress,
): Promise<{ delivery: Promise<void> }> {
  await countAttempt(deps, "unsubscribeLink", client);
  const { email } = parseInput(newsletterUnsubscribeRequestSchema, input);
  const [subscriber] = await deps.db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = lower(${email})`,
        ne(newsletterSubscribers.status, "unsubscribed"),
      ),
    );
  if (!subscriber) return { delivery: Promise.resolve() };
  const { config } = deps;
  const mail = await accountMail(
    deps,
    subscriber.email,
    (siteName) => `Newsletter von ${siteName} abbestellen`,
    [
      "Du möchtest den Newsletter abbestellen. Ein Klick auf den Link und einer auf der Seite genügen.",
      "Warst Du das nicht, ignoriere diese E-Mail einfach: Dein Newsletter kommt weiter.",
    ],
    {
      label: "Newsletter abbestellen",
      url: unsubscribePageUrl(config, unsubscribeToken(config, subscriber.id)),
    },
  );
  return { delivery: sendUnsolicitedMail(deps, mail) };
}
