import { count, desc, eq, inArray, isNull } from "drizzle-orm";
import { ads } from "#server/db/schema/ads.ts";
import { eventReports } from "#server/db/schema/event-reports.ts";
import { events } from "#server/db/schema/events.ts";
import { newsletterIssues, newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { demoSettingKeys } from "#server/domain/settings/demo-settings.server.ts";
import type { SiteSettingKey } from "#common/schemas/site-settings.ts";

export interface AdminDashboard {
  pendingEvents: number;
  openReports: number;
  /** Orders whose money came in (paid, fulfilled). */
  paidOrders: number;
  adsAwaitingApproval: number;
  newsletter: {
    confirmedSubscribers: number;
    lastIssue: { weekendStart: string; status: string; sentAt: Date | null } | null;
  };
  /** Settings that still hold demo values (the admin area's banner). */
  demoSettings: SiteSettingKey[];
}

/** What waits for the admins, at a glance. */
export async function getAdminDashboard(deps: DomainDeps): Promise<AdminDashboard> {
  const { db } = deps;
  const [[pending], [reports], [orders], [waitingAds], [subscribers], [lastIssue], settings] =
    await Promise.all([
      db.select({ n: count() }).from(events).where(eq(events.status, "pending")),
      db.select({ n: count() }).from(eventReports).where(isNull(eventReports.resolvedAt)),
      db
        .select({ n: count() })
        .from(paymentOrders)
        .where(inArray(paymentOrders.status, ["paid", "fulfilled"])),
      db.select({ n: count() }).from(ads).where(eq(ads.status, "awaiting_approval")),
      db
        .select({ n: count() })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.status, "confirmed")),
      db
        .select({
          weekendStart: newsletterIssues.weekendStart,
          status: newsletterIssues.status,
          sentAt: newsletterIssues.sentAt,
        })
        .from(newsletterIssues)
        .orderBy(desc(newsletterIssues.weekendStart))
        .limit(1),
      getSiteSettings(deps),
    ]);
  return {
    pendingEvents: pending!.n,
    openReports: reports!.n,
    paidOrders: orders!.n,
    adsAwaitingApproval: waitingAds!.n,
    newsletter: { confirmedSubscribers: subscribers!.n, lastIssue: lastIssue ?? null },
    demoSettings: demoSettingKeys(settings),
  };
}
