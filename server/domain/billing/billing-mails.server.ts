import { and, asc, eq, isNull } from "drizzle-orm";
import { formatCents } from "#common/money.ts";
import { billingDocuments, type BillingDocument } from "#server/db/schema/invoices.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { messageMail } from "#server/domain/message-mail.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";
import { billingDocumentFile, type BillingDocumentFile } from "./billing-document-file.server.ts";
import { documentTitle } from "./billing-document-text.ts";

function billingMail(
  deps: DomainDeps,
  document: BillingDocument,
  to: string,
  file: BillingDocumentFile,
): Promise<MailMessage> {
  return messageMail(deps, {
    to,
    subject: (siteName) => `${documentTitle(document)} ${document.number} von ${siteName}`,
    paragraphs: [
      document.kind === "invoice"
        ? `Danke für Deine Buchung! Anbei findest Du Deine Rechnung ${document.number} über ${formatCents(document.grossCents)}.`
        : `Deine Zahlung über ${formatCents(document.grossCents)} wird erstattet. Anbei findest Du die Stornorechnung ${document.number}.`,
      "Das PDF ist zugleich eine E-Rechnung (ZUGFeRD/Factur-X). Du findest es auch in Deinem Bereich unter „Rechnungen“.",
    ],
    attachments: [
      { filename: file.fileName, content: file.content, contentType: "application/pdf" },
    ],
  });
}

/**
 * Mails every issued document not yet mailed to its buyer, PDF attached. Call it after the
 * transaction that issued them committed; the scheduler calls it too, so a document issued just
 * before a crash still goes out. Each document is claimed before it is sent (one sender each) and
 * given back if sending fails.
 */
export async function sendOwedBillingMails(deps: DomainDeps): Promise<number> {
  const owed = await deps.db
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(isNull(billingDocuments.mailedAt))
    .orderBy(asc(billingDocuments.id));
  let sent = 0;
  for (const { id } of owed) {
    const [document] = await deps.db
      .update(billingDocuments)
      .set({ mailedAt: deps.now() })
      .where(and(eq(billingDocuments.id, id), isNull(billingDocuments.mailedAt)))
      .returning();
    if (!document?.buyer.email) continue;
    try {
      const file = await billingDocumentFile(deps, document);
      await deps.mail.send(await billingMail(deps, document, document.buyer.email, file));
      sent++;
    } catch (error) {
      await deps.db
        .update(billingDocuments)
        .set({ mailedAt: null })
        .where(eq(billingDocuments.id, id));
      throw error;
    }
  }
  return sent;
}
