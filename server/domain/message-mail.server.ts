import { createElement } from "react";
import type { MailAttachment, MailMessage } from "#server/mail/mailer.server.ts";
import { MessageMail, type MailTable } from "#server/mail/templates/message-mail.tsx";
import { renderMail } from "#server/mail/templates/render-mail.server.ts";
import type { DomainDeps } from "./deps.ts";
import { mailFrame } from "./settings/mail-frame.server.ts";

export interface MessageMailContent {
  to: string;
  /** The subject, or made from the site's name in the settings. */
  subject: string | ((siteName: string) => string);
  /** The sentences after "Hallo!", one paragraph each. */
  paragraphs: string[];
  link?: { label: string; url: string };
  table?: MailTable;
  attachments?: MailAttachment[];
}

/**
 * A short mail to one person in the frame every mail shares (decision 0214): "Hallo!", the
 * sentences, maybe a table and one button, signed with the site's name; HTML and plain text.
 */
export async function messageMail(
  deps: DomainDeps,
  { to, subject, paragraphs, link, table, attachments }: MessageMailContent,
): Promise<MailMessage> {
  const frame = await mailFrame(deps);
  const { html, text } = await renderMail(
    createElement(MessageMail, { frame, paragraphs, link, table }),
  );
  return {
    to,
    subject: typeof subject === "string" ? subject : subject(frame.siteName),
    html,
    text,
    ...(attachments ? { attachments } : {}),
  };
}
