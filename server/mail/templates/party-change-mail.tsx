import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { MailButton, MailLayout, mailColors, type MailFrame } from "./mail-layout.tsx";

export interface PartyChangeMailProps {
  frame: MailFrame;
  title: string;
  /** "Die Party ist abgesagt." or "Bei einer Party, die Du gemerkt hast, hat sich etwas geändert:" */
  lead: string;
  /** One line per change: "Neue Zeit: Sa., 21.11.2026, 23:00 Uhr", "Line-up geändert" … */
  changes: string[];
  partyUrl: string;
  /** Where the person turns these mails off. */
  optOutUrl: string;
}

/** A change alert (decision 0185): which saved party changed, what changed, and the link. */
export function PartyChangeMail({
  frame,
  title,
  lead,
  changes,
  partyUrl,
  optOutUrl,
}: PartyChangeMailProps) {
  return (
    <MailLayout
      frame={frame}
      preview={`${title}: ${changes.join(", ")}`}
      footer={
        <Text style={{ color: mailColors.muted, fontSize: "13px", margin: 0 }}>
          Du bekommst diese E-Mail, weil Du die Party gemerkt hast. Keine solchen E-Mails mehr:{" "}
          <Link href={optOutUrl} style={{ color: mailColors.muted }}>
            Änderungs-Mails abbestellen
          </Link>
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 12px" }}>
        {title}
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "24px" }}>{lead}</Text>
      {changes.map((change) => (
        <Text key={change} style={{ fontSize: "16px", lineHeight: "24px", margin: "0 0 4px" }}>
          • {change}
        </Text>
      ))}
      <MailButton href={partyUrl}>Zur Party</MailButton>
    </MailLayout>
  );
}
