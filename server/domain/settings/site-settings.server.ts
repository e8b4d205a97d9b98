import { siteSettingsSchema, type SiteSettings } from "#common/schemas/site-settings.ts";
import { siteSettings } from "#server/db/schema/site-settings.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import { currentContentVersion } from "#server/domain/content-version/content-version.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { demoSettings } from "./demo-settings.server.ts";

/**
 * What the environment says until an operator changes it (first-start defaults); operator
 * details and social profiles it leaves unset are demo values (demo-settings.server.ts).
 */
export function defaultSiteSettings(config: DomainDeps["config"]): SiteSettings {
  const { operator, social, analytics } = config;
  return {
    topEventPricePerWeekCents: config.promotion.topEventPricePerWeekCents,
    adsNeedApproval: config.promotion.adsNeedApproval,
    vatMode: config.billing.vatMode,
    siteName: config.siteName,
    cityName: config.city.name,
    operatorName: operator.name ?? demoSettings.operatorName,
    operatorAddress: operator.address ?? demoSettings.operatorAddress,
    operatorEmail: operator.email ?? demoSettings.operatorEmail,
    operatorPhone: operator.phone ?? demoSettings.operatorPhone,
    operatorVatId: operator.vatId ?? demoSettings.operatorVatId,
    operatorHoster: operator.hoster ?? demoSettings.operatorHoster,
    socialInstagramUrl: social.instagram ?? demoSettings.socialInstagramUrl,
    socialTiktokUrl: social.tiktok ?? demoSettings.socialTiktokUrl,
    socialFacebookUrl: social.facebook ?? demoSettings.socialFacebookUrl,
    socialWhatsappUrl: social.whatsapp ?? demoSettings.socialWhatsappUrl,
    googleTagManagerId: analytics.googleTagManagerId ?? "",
    googleAnalyticsId: analytics.googleAnalyticsId ?? "",
    clarityProjectId: analytics.clarityProjectId ?? "",
    newsletterSendHour: config.newsletter.sendHour,
    eventsNeedApproval: config.moderation.eventsNeedApproval,
  };
}

/** Stored values over the defaults, each stored value taken only if it is still valid. */
function merged(config: DomainDeps["config"], stored: Record<string, unknown>): SiteSettings {
  const settings: Record<string, unknown> = { ...defaultSiteSettings(config) };
  for (const [key, field] of Object.entries(siteSettingsSchema.shape)) {
    if (key in stored && field.safeParse(stored[key]).success) settings[key] = stored[key];
  }
  return settings as SiteSettings;
}

const held = new WeakMap<object, { version: number; value: Promise<SiteSettings> }>();

/** The site settings, read once per content version (a change shows everywhere within 1 s). */
export async function getSiteSettings(deps: DomainDeps): Promise<SiteSettings> {
  const version = await currentContentVersion(deps);
  const memo = held.get(deps.db);
  if (memo && memo.version === version) return memo.value;
  const value = deps.db
    .select({ values: siteSettings.values })
    .from(siteSettings)
    .then(([row]) => merged(deps.config, row?.values ?? {}));
  held.set(deps.db, { version, value });
  value.catch(() => held.delete(deps.db));
  return value;
}

/**
 * The site's name and city as the operator set them in the admin area (SITE_NAME and CITY_NAME
 * are only their first-start defaults): page titles, feeds, mails and the manifest use these.
 */
export async function siteIdentity(
  deps: DomainDeps,
): Promise<{ siteName: string; cityName: string }> {
  const { siteName, cityName } = await getSiteSettings(deps);
  return { siteName, cityName };
}

/**
 * Changes some settings (the others stay); field errors in German for bad values. Recorded in
 * the audit log with the names of the changed settings.
 */
export async function updateSiteSettings(
  deps: DomainDeps,
  actor: { id: number; ip?: string | null },
  input: unknown,
): Promise<SiteSettings> {
  const patch = parseInput(siteSettingsSchema.partial(), input);
  const next = { ...(await getSiteSettings(deps)), ...patch };
  await deps.db
    .insert(siteSettings)
    .values({ id: 1, values: next, updatedById: actor.id, updatedAt: deps.now() })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { values: next, updatedById: actor.id, updatedAt: deps.now() },
    });
  held.delete(deps.db);
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "settings.update",
    entityType: "site_settings",
    entityId: 1,
    details: { changed: Object.keys(patch) },
    ip: actor.ip ?? null,
  });
  return next;
}
