import { formatCtr } from "#common/click-rate.ts";
import { formatNight } from "#common/dates.ts";
import type { PeriodStatistics } from "#server/domain/ads/ad-statistics.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { TopEventStatistics } from "./promotion-statistics.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
export async function statisticsMail(
  deps: DomainDeps,
  to: string,
  what: { subject: string; intro: string; linkPath: string },
  { header, rows, total }: StatisticsTable,
): Promise<MailMessage> {
  const link = `${deps.config.publicUrl}${what.linkPath}`;
  const signature = `Dein Team von ${(await siteIdentity(deps)).siteName}`;
  const text = [
    "Hallo!",
    "",
    what.intro,
    "",
    ...[header, ...rows, total].map((cells) => cells.join(" | ")),
    "",
    `Alle Zahlen: ${link}`,
    "",
    signature,
  ].join("\n");
  const cell = (tag: string, value: string) =>
    `<${tag} style="padding:4px 8px;text-align:left">${escapeHtml(value)}</${tag}>`;
  const html =
    `<p>Hallo!</p><p>${escapeHtml(what.intro)}</p>` +
    `<table style="border-collapse:collapse"><thead><tr>${header.map((value) => cell("th", value)).join("")}</tr></thead>` +
    `<tbody>${rows.map((cells) => `<tr>${cells.map((value) => cell("td", value)).join("")}</tr>`).join("")}</tbody>` +
    `<tfoot><tr>${total.map((value) => cell("th", value)).join("")}</tr></tfoot></table>` +
    `<p><a href="${escapeHtml(link)}">Alle Zahlen im Benutzerbereich</a></p><p>${escapeHtml(signature)}</p>`;
  return { to, subject: what.subject, text, html };
}
