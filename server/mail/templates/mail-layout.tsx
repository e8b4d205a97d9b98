import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

export const mailColors = {
  paper: "#f7f3ec",
  card: "#fffdf9",
  ink: "#141414",
  muted: "#5b5650",
  line: "#ddd5c8",
  accent: "#c2007a",
  accentInk: "#ffffff",
} as const;

const font = '"Inter", -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface MailLayoutProps {
  siteName: string;
  /** The line mail clients show after the subject. */
  preview: string;
  legalNoticeUrl: string;
  /** Lines above the Impressum link, e.g. the unsubscribe link. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every mail: the site name, the content, and a footer with the Impressum link. */
export function MailLayout({
  siteName,
  preview,
  legalNoticeUrl,
  footer,
  children,
}: MailLayoutProps) {
  return (
    <Html lang="de">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: mailColors.paper,
          color: mailColors.ink,
          fontFamily: font,
          margin: 0,
        }}
      >
        <Container style={{ maxWidth: "600px", margin: "0 auto", padding: "24px 16px" }}>
          <Text
            style={{
              fontSize: "22px",
              fontWeight: 900,
              letterSpacing: "-0.02em",
              margin: "0 0 16px",
            }}
          >
            {siteName}
          </Text>
          {children}
          <Hr style={{ borderColor: mailColors.line, margin: "32px 0 16px" }} />
          <Section style={{ color: mailColors.muted, fontSize: "13px", lineHeight: "20px" }}>
            {footer}
            <Text style={{ color: mailColors.muted, fontSize: "13px", margin: "8px 0 0" }}>
              <Link
                href={legalNoticeUrl}
                style={{ color: mailColors.muted, textDecoration: "underline" }}
              >
                Impressum
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
