import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { MailButton, MailLayout, mailColors, type MailFrame } from "./mail-layout.tsx";

export interface PartyReminderMailProps {
  frame: MailFrame;
  title: string;
  /** "Beginn: Sa., 21.11.2026, 23:00 Uhr", "Ort: …", a followed artist's set time … */
  lines: string[];
  partyUrl: string;
  /** The saved-parties page, where the reminders are turned off. */
  savedUrl: string;
}

/** A party's reminder (decision 0222): on its afternoon, when and where, and the link. */
export function PartyReminderMail({
  frame,
  title,
  lines,
  partyUrl,
  savedUrl,
}: PartyReminderMailProps) {
  return (
    <MailLayout
      frame={frame}
      preview={`Heute: ${title}`}
      footer={
        <Text style={{ color: mailColors.muted, fontSize: "13px", margin: 0 }}>
          Du bekommst diese E-Mail, weil Du Dich an diese Party erinnern lassen wolltest.
          Erinnerungen stellst Du unter{" "}
          <Link href={savedUrl} style={{ color: mailColors.muted }}>
            „Gemerkt“
          </Link>{" "}
          ein.
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 12px" }}>
        Heute: {title}
      </Heading>
      {lines.map((line) => (
        <Text key={line} style={{ fontSize: "16px", lineHeight: "24px", margin: "0 0 4px" }}>
          {line}
        </Text>
      ))}
      <MailButton href={partyUrl}>Zur Party</MailButton>
    </MailLayout>
  );
}
