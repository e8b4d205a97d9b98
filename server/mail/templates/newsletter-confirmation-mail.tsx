import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { MailButton, MailLayout, mailColors, type MailFrame } from "./mail-layout.tsx";

export interface NewsletterConfirmationMailProps {
  frame: MailFrame;
  confirmUrl: string;
  /** The unsubscribe page for this address: the way out for someone who did not sign up. */
  unsubscribeUrl: string;
}

/**
 * The double opt-in mail (§7 UWG): it asks for the confirmation and nothing else — no parties,
 * no ads, no offers.
 */
export function NewsletterConfirmationMail({
  frame,
  confirmUrl,
  unsubscribeUrl,
}: NewsletterConfirmationMailProps) {
  return (
    <MailLayout
      frame={frame}
      preview="Bitte bestätige Deine Anmeldung zum Newsletter."
      footer={
        <Text style={{ color: mailColors.muted, fontSize: "13px", margin: 0 }}>
          Du hast Dich nicht angemeldet? Dann ignoriere diese E-Mail einfach – ohne Bestätigung
          schicken wir Dir nichts, und Deine Adresse wird nach 30 Tagen gelöscht. Oder trag sie
          gleich aus:{" "}
          <Link href={unsubscribeUrl} style={{ color: mailColors.muted }}>
            Adresse austragen
          </Link>
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 12px" }}>
        Bitte bestätige Deine Anmeldung
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "24px" }}>
        Jemand – hoffentlich Du – möchte diese Adresse für den Newsletter von {frame.siteName}{" "}
        eintragen. Erst wenn Du die Anmeldung bestätigst, schicken wir Dir den Newsletter.
      </Text>
      <MailButton href={confirmUrl}>Anmeldung bestätigen</MailButton>
    </MailLayout>
  );
}
