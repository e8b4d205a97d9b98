import { formatDay, formatTime } from "#common/dates.ts";
import { flyerVariantPath } from "#common/flyer-sizes.ts";
import { physicalPlaceName } from "#common/party-place.ts";
import { mediaUrl } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { contentAddress } from "#server/domain/posters/generated-images.server.ts";
import {
  SHARE_IMAGE_SIZE,
  SHARE_PICTURE_WIDTH,
  shareCardSvg,
  type ShareCardContent,
} from "#server/domain/posters/poster-svg.ts";
import { configuredSharp } from "#server/domain/uploads/configured-sharp.server.ts";

/** Where share images live in media storage, named by their content (decision 0132). */
const SHARE_IMAGE_FOLDER = "share/";
/** Keys known to be stored, so a page view asks the storage at most once per image. */
const knownKeys = new Set<string>();
const KNOWN_KEYS_LIMIT = 20_000;
/** Drawings under way, so pages asking for one preview at once (root and home) draw it once. */
const drawing = new Map<string, Promise<void>>();

type ShareDeps = Pick<DomainDeps, "config" | "storage" | "images">;

/** The picture (flyer, club picture, logo) at the card's right, covering 504×630. */
async function pictureOf(deps: ShareDeps, picturePath: string): Promise<Buffer | null> {
  const file =
    (await deps.storage.get(flyerVariantPath(picturePath, 800) ?? picturePath)) ??
    (await deps.storage.get(picturePath));
  if (!file) return null;
  const sharp = await configuredSharp();
  try {
    return await sharp(file.body)
      .resize({ width: SHARE_PICTURE_WIDTH, height: SHARE_IMAGE_SIZE.height, fit: "cover" })
      .toBuffer();
  } catch {
    return null;
  }
}

async function renderShareImage(
  deps: ShareDeps,
  svg: string,
  picturePath: string | null,
): Promise<Buffer> {
  const picture = picturePath ? await pictureOf(deps, picturePath) : null;
  const sharp = await configuredSharp();
  const card = sharp(Buffer.from(svg)).flatten();
  if (picture) {
    card.composite([
      { input: picture, left: SHARE_IMAGE_SIZE.width - SHARE_PICTURE_WIDTH, top: 0 },
    ]);
  }
  return card.png({ compressionLevel: 9, palette: true }).toBuffer();
}

/**
 * The absolute address of a link preview (1200×630 PNG): drawn from the content, stored once
 * under its content address and served from /media/ for a year. A change of title, date or
 * picture is a new address, so no preview is ever stale.
 */
async function shareImageUrl(
  deps: ShareDeps,
  content: Omit<ShareCardContent, "siteName" | "withPicture">,
  picturePath: string | null,
): Promise<string> {
  const svg = shareCardSvg({
    ...content,
    siteName: deps.config.siteName,
    withPicture: picturePath !== null,
  });
  const key = `${SHARE_IMAGE_FOLDER}${contentAddress(`${svg}\n${picturePath ?? ""}`)}.png`;
  if (!knownKeys.has(key)) {
    let stored = drawing.get(key);
    if (!stored) {
      stored = (async () => {
        if (!(await deps.storage.get(key))) {
          // Through the image queue, ahead of uploads: the page waits for it (decision 0198).
          const image = await deps.images.runForVisitor(() =>
            renderShareImage(deps, svg, picturePath),
          );
          await deps.storage.put(key, image, "image/png");
        }
        if (knownKeys.size >= KNOWN_KEYS_LIMIT) knownKeys.clear();
        knownKeys.add(key);
      })().finally(() => drawing.delete(key));
      drawing.set(key, stored);
    }
    await stored;
  }
  return deps.storage.publicUrl(key) ?? `${deps.config.publicUrl}${mediaUrl(key)}`;
}

/** A party's preview: title, day and time of its start, place; its flyer beside when it has one. */
export function partyShareImage(deps: ShareDeps, event: EventSummary): Promise<string> {
  const place = physicalPlaceName(event) ?? (event.isOnline ? "Online" : null);
  return shareImageUrl(
    deps,
    {
      kicker: "Party",
      title: event.title,
      lines: [
        `${formatDay(event.startsAt, deps.config.city.timeZone)} · ${formatTime(event.startsAt, deps.config.city.timeZone)} Uhr`,
        place ?? "",
      ],
      categorySlug: event.genres[0]?.slug ?? null,
    },
    event.flyerPath,
  );
}

/** A club's preview: name and address; its picture beside when it has one. */
export function clubShareImage(
  deps: ShareDeps,
  club: { name: string; address: string; postcode: string; city: string; images: string[] },
): Promise<string> {
  return shareImageUrl(
    deps,
    {
      kicker: "Club",
      title: club.name,
      lines: [club.address, [club.postcode, club.city].filter(Boolean).join(" ")],
      categorySlug: null,
    },
    club.images[0] ?? null,
  );
}

/** An organiser's preview: name and city; the logo beside when there is one. */
export function organizerShareImage(
  deps: ShareDeps,
  organizer: { name: string; logoPath: string | null },
): Promise<string> {
  return shareImageUrl(
    deps,
    {
      kicker: "Veranstalter",
      title: organizer.name,
      lines: [`Partys in ${deps.config.city.name}`],
      categorySlug: "house",
    },
    organizer.logoPath,
  );
}

/** The site's preview per configuration: drawn from the configuration alone, addressed once. */
const siteShareImages = new WeakMap<object, Promise<string>>();

/** The site's preview for the start page, listings and other pages without one of their own. */
export function siteShareImage(deps: ShareDeps): Promise<string> {
  const held = siteShareImages.get(deps.config);
  if (held) return held;
  const url = shareImageUrl(
    deps,
    {
      kicker: deps.config.city.name,
      title: `Partys in ${deps.config.city.name}`,
      lines: ["Heute, morgen und am Wochenende", "Techno, House, Drum and Bass"],
      categorySlug: "techno",
    },
    null,
  );
  siteShareImages.set(deps.config, url);
  url.catch(() => siteShareImages.delete(deps.config));
  return url;
}
