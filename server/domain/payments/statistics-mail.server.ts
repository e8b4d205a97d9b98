import { formatCtr } from "#common/click-rate.ts";
import { formatNight } from "#common/dates.ts";
import type { PeriodStatistics } from "#server/domain/promotion-statistics/ad-statistics.server.ts";
import { messageMail } from "#server/domain/message-mail.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { TopEventStatistics } from "#server/domain/promotion-statistics/top-event-statistics.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";

/** The numbers of a paid period as a table: header, one row per day, the total row. */
export interface StatisticsTable {
  header: string[];
  rows: string[][];
  total: string[];
}

/** An ad's table: views, clicks and CTR per day. */
export function adStatisticsTable(statistics: PeriodStatistics): StatisticsTable {
  return {
    header: ["Tag", "Aufrufe", "Klicks", "Klickrate"],
    rows: statistics.days.map((day) => [
      formatNight(day.day),
      String(day.views),
      String(day.clicks),
      formatCtr(day.ctr),
    ]),
    total: [
      "Gesamt",
      String(statistics.views),
      String(statistics.clicks),
      formatCtr(statistics.ctr),
    ],
  };
}

/** A top event's table: impressions in listings, clicks, CTR and party-page views per day. */
export function topEventStatisticsTable(statistics: TopEventStatistics): StatisticsTable {
  const ad = adStatisticsTable(statistics);
  return {
    header: ["Tag", "Einblendungen", "Klicks", "Klickrate", "Aufrufe der Partyseite"],
    rows: ad.rows.map((cells, index) => [...cells, String(statistics.days[index]!.pageViews)]),
    total: [...ad.total, String(statistics.pageViews)],
  };
}

/** The mail at the end of a paid period: what the buyer got back, per day and in total. */
export function statisticsMail(
  deps: DomainDeps,
  to: string,
  what: { subject: string; intro: string; linkPath: string },
  table: StatisticsTable,
): Promise<MailMessage> {
  return messageMail(deps, {
    to,
    subject: what.subject,
    paragraphs: [what.intro],
    table,
    link: {
      label: "Alle Zahlen im Benutzerbereich",
      url: `${deps.config.publicUrl}${what.linkPath}`,
    },
  });
}
