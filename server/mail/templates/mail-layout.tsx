import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
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

/** What every mail's frame shows: the logo and name linking home, and the Impressum link. */
export interface MailFrame {
  siteName: string;
  homeUrl: string;
  /** A PNG (mail clients show no SVG). */
  logoUrl: string;
  legalNoticeUrl: string;
}

export interface MailLayoutProps {
  frame: MailFrame;
  /** The line mail clients show after the subject. */
  preview: string;
  /** Lines above the Impressum link, e.g. the unsubscribe link. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every mail (decision 0214): the logo and the site name, the content, and a footer
 * with the Impressum link; the plain-text part is rendered from the same element.
 */
export function MailLayout({ frame, preview, footer, children }: MailLayoutProps) {
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
          <Section style={{ margin: "0 0 16px" }}>
            <Row>
              <Column style={{ width: "48px", verticalAlign: "middle" }}>
                <Link href={frame.homeUrl} data-skip-in-text="true">
                  <Img
                    src={frame.logoUrl}
                    alt=""
                    width="40"
                    height="40"
                    style={{ borderRadius: "8px" }}
                  />
                </Link>
              </Column>
              <Column style={{ verticalAlign: "middle" }}>
                <Link
                  href={frame.homeUrl}
                  style={{
                    color: mailColors.ink,
                    fontSize: "22px",
                    fontWeight: 900,
                    letterSpacing: "-0.02em",
                    textDecoration: "none",
                  }}
                >
                  {frame.siteName}
                </Link>
              </Column>
            </Row>
          </Section>
          {children}
          <Hr style={{ borderColor: mailColors.line, margin: "32px 0 16px" }} />
          <Section style={{ color: mailColors.muted, fontSize: "13px", lineHeight: "20px" }}>
            {footer}
            <Text style={{ color: mailColors.muted, fontSize: "13px", margin: "8px 0 0" }}>
              <Link
                href={frame.legalNoticeUrl}
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

/**
 * A mail's one call to action: the accent button and, for clients that show no button, the
 * address to open (left out of the plain-text part, which prints the button's address anyway).
 */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button
        href={href}
        style={{
          backgroundColor: mailColors.accent,
          color: mailColors.accentInk,
          borderRadius: "999px",
          padding: "14px 24px",
          fontWeight: 700,
          fontSize: "16px",
          marginTop: "8px",
        }}
      >
        {children}
      </Button>
      <Text
        data-skip-in-text="true"
        style={{ fontSize: "13px", lineHeight: "20px", color: mailColors.muted }}
      >
        Falls der Knopf nicht funktioniert, öffne diesen Link:{" "}
        <Link href={href} style={{ color: mailColors.accent }}>
          {href}
        </Link>
      </Text>
    </>
  );
}
