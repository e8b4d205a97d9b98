import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatDayTime, formatNight, formatTime } from "#common/dates.ts";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import type { NewsletterIssueContent, NewsletterIssueEvent } from "#server/db/schema/newsletter.ts";
import { MailLayout, mailColors, type MailFrame } from "./mail-layout.tsx";

export interface WeekendIssueMailProps {
  frame: MailFrame;
  cityName: string;
  timeZone: string;
  heading: string;
  content: NewsletterIssueContent;
  /** "Für Dich": this recipient's parties of what they follow (decision 0188); absent: none. */
  forYou?: NewsletterIssueEvent[];
  /** Where "all parties of the night" leads. */
  calendarUrl: string;
  unsubscribeUrl: string;
}

/**
 * The Thursday mailing: the weekend's top events as a block at the top, then the weekend's
 * nights, top events first, each with flyer, club and time.
 */
export function WeekendIssueMail({
  frame,
  cityName,
  timeZone,
  heading,
  content,
  forYou,
  calendarUrl,
  unsubscribeUrl,
}: WeekendIssueMailProps) {
  return (
    <MailLayout
      frame={frame}
      preview={`Die Partys am Wochenende in ${cityName}`}
      footer={
        <Text style={{ color: mailColors.muted, fontSize: "13px", margin: 0 }}>
          Du bekommst diese E-Mail, weil Du den Newsletter von {frame.siteName} bestellt hast.{" "}
          <Link
            href={unsubscribeUrl}
            style={{ color: mailColors.muted, textDecoration: "underline" }}
          >
            Newsletter abbestellen
          </Link>
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: "26px", lineHeight: "32px", margin: "0 0 8px" }}>
        {heading}
      </Heading>
      {forYou?.length ? (
        <Section style={{ marginTop: "24px" }}>
          <Heading
            as="h2"
            style={{
              fontSize: "20px",
              margin: "0 0 8px",
              borderBottom: `2px solid ${mailColors.accent}`,
            }}
          >
            Für Dich
          </Heading>
          <Text style={{ fontSize: "14px", margin: "0 0 8px" }}>
            Partys mit Clubs, Veranstaltern, Genres und Artists, denen Du folgst.
          </Text>
          {forYou.map((event) => (
            <IssueEventRow key={event.id} event={event} when={topEventWhen(event, timeZone)} />
          ))}
        </Section>
      ) : null}
      {content.topEvents?.length ? (
        <Section style={{ marginTop: "24px" }}>
          <Heading
            as="h2"
            style={{
              fontSize: "20px",
              margin: "0 0 8px",
              borderBottom: `2px solid ${mailColors.accent}`,
            }}
          >
            Top-Events
          </Heading>
          {content.topEvents.map((event) => (
            <IssueEventRow key={event.id} event={event} when={topEventWhen(event, timeZone)} />
          ))}
        </Section>
      ) : null}
      {content.nights.map(({ night, events, moreCount }) => (
        <Section key={night} style={{ marginTop: "24px" }}>
          <Heading
            as="h2"
            style={{
              fontSize: "20px",
              margin: "0 0 8px",
              borderBottom: `2px solid ${mailColors.ink}`,
            }}
          >
            {formatNight(night)}
          </Heading>
          {events.map((event) => (
            <IssueEventRow
              key={event.id}
              event={event}
              when={`${formatTime(new Date(event.startsAt), timeZone)} Uhr`}
            />
          ))}
          {moreCount > 0 ? (
            <Text style={{ fontSize: "14px", margin: "4px 0 0" }}>
              <Link href={calendarUrl} style={{ color: mailColors.accent, fontWeight: 700 }}>
                {moreCount === 1 ? "Eine weitere Party" : `${moreCount} weitere Partys`} im Kalender
              </Link>
            </Text>
          ) : null}
        </Section>
      ))}
    </MailLayout>
  );
}

/** When a party outside the nights' lists starts: its own day (not its night) and time. */
function topEventWhen(event: NewsletterIssueEvent, timeZone: string) {
  return formatDayTime(new Date(event.startsAt), timeZone);
}

/** One party of the issue: flyer, the top event's badge, title, when, club and genres. */
function IssueEventRow({ event, when }: { event: NewsletterIssueEvent; when: string }) {
  return (
    <Row
      style={{
        backgroundColor: mailColors.card,
        border: `1px solid ${event.isTop ? mailColors.accent : mailColors.line}`,
        borderRadius: "8px",
        marginBottom: "12px",
      }}
    >
      <Column style={{ width: "112px", padding: "8px", verticalAlign: "top" }}>
        {event.flyerUrl ? (
          <Link href={event.url}>
            <Img
              src={event.flyerUrl}
              alt={`Flyer: ${event.title}`}
              width="96"
              height="120"
              style={{ borderRadius: "4px", objectFit: "cover" }}
            />
          </Link>
        ) : null}
      </Column>
      <Column style={{ padding: "8px 12px 8px 0", verticalAlign: "top" }}>
        {event.isTop ? (
          <Text
            style={{
              color: mailColors.accent,
              fontSize: "12px",
              fontWeight: 700,
              textTransform: "uppercase",
              margin: "0 0 2px",
            }}
          >
            {TOP_EVENT_BADGE}
          </Text>
        ) : null}
        <Link
          href={event.url}
          style={{
            color: mailColors.ink,
            fontSize: "17px",
            fontWeight: 700,
            textDecoration: event.cancelled ? "line-through" : "none",
          }}
        >
          {event.title}
        </Link>
        <Text style={{ color: mailColors.muted, fontSize: "14px", margin: "4px 0 0" }}>
          {`${when} · ${event.club}` + (event.cancelled ? " · Abgesagt" : "")}
        </Text>
        {event.genres.length > 0 ? (
          <Text style={{ color: mailColors.muted, fontSize: "13px", margin: "2px 0 0" }}>
            {event.genres.join(", ")}
          </Text>
        ) : null}
      </Column>
    </Row>
  );
}
