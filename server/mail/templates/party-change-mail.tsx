import { Button, Heading, Link, Text } from "@react-email/components";
import { MailLayout, mailColors } from "./mail-layout.tsx";

export interface PartyChangeMailProps {
  siteName: string;
  title: string;
  /** "Die Party ist abgesagt." or "Bei einer Party, die Du gemerkt hast, hat sich etwas geändert:" */
  lead: string;
  /** One line per change: "Neue Zeit: Sa., 21.11.2026, 23:00 Uhr", "Line-up geändert" … */
  changes: string[];
  partyUrl: string;
  /** Where the person turns these mails off. */
  optOutUrl: string;
  legalNoticeUrl: string;
}

/** A change alert (decision 0185): which saved party changed, what changed, and the link. */
export function PartyChangeMail({
  siteName,
  title,
  lead,
  changes,
  partyUrl,
  optOutUrl,
  legalNoticeUrl,
}: PartyChangeMailProps) {
  return (
    <MailLayout
      siteName={siteName}
      preview={`${title}: ${changes.join(", ")}`}
      legalNoticeUrl={legalNoticeUrl}
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
      <Button
        href={partyUrl}
        style={{
          backgroundColor: mailColors.accent,
          color: mailColors.accentInk,
          borderRadius: "999px",
          padding: "14px 24px",
          fontWeight: 700,
          fontSize: "16px",
          marginTop: "16px",
        }}
      >
        Zur Party
      </Button>
      <Text style={{ fontSize: "13px", lineHeight: "20px", color: mailColors.muted }}>
        Falls der Knopf nicht funktioniert, öffne diesen Link:{" "}
        <Link href={partyUrl} style={{ color: mailColors.accent }}>
          {partyUrl}
        </Link>
      </Text>
    </MailLayout>
  );
}
