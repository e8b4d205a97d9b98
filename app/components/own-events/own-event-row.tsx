import { countOf, nouns } from "#common/plural.ts";
import { Form, Link } from "react-router";
import { formatDateTime, formatDay, formatTime } from "#common/dates.ts";
import { flyerSrcSet } from "#common/flyer-sizes.ts";
import { editEventPath, eventPath, mediaUrl, promoteEventPath } from "#common/urls.ts";
import type { OwnEventRow as OwnEvent } from "#server/domain/events/own-events.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { PreviewLink } from "./preview-link.tsx";

const statusLabels: Record<OwnEvent["status"], string> = {
  draft: "Entwurf",
  pending: "Wird geprüft",
  published: "Veröffentlicht",
  cancelled: "Abgesagt",
  rejected: "Abgelehnt",
};

/** One own party: flyer, night, status, views, and edit, promote, copy, cancel and delete. */
export function OwnEventRow({
  event,
  timeZone,
  csrfToken,
  upcoming = false,
}: {
  event: Omit<OwnEvent, "startsAt" | "topUntil" | "publishAt"> & {
    startsAt: string | Date;
    topUntil: string | Date | null;
    publishAt: string | Date | null;
  };
  timeZone: string;
  csrfToken: string;
  /** In the list of upcoming parties: published ones can be promoted. */
  upcoming?: boolean;
}) {
  const rowAction = (intent: string, label: string, confirm?: string) => {
    const form = (
      <Form method="post" className="contents">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="event" value={event.id} />
        <button
          type="submit"
          name="intent"
          value={intent}
          aria-label={`${label}: ${event.title}`}
          className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:border-accent"
        >
          {label}
        </button>
      </Form>
    );
    if (!confirm) return form;
    return (
      <details className="relative">
        <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-accent">
          <span aria-hidden="true">{label}…</span>
          <span className="sr-only">{`${label}: ${event.title}`}</span>
        </summary>
        <div className="mt-2 flex flex-col gap-2 rounded-lg border border-line bg-card p-3 text-sm">
          <p>{confirm}</p>
          {form}
        </div>
      </details>
    );
  };
  const notPublic = event.status === "draft" || event.status === "pending";
  const publishAt = event.publishAt === null ? null : new Date(event.publishAt);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-line bg-card p-4 sm:flex-row">
      <div className="aspect-[4/5] w-24 shrink-0 overflow-hidden rounded-lg bg-line">
        {event.flyerPath ? (
          <img
            src={mediaUrl(event.flyerPath)}
            srcSet={flyerSrcSet(event.flyerPath)}
            sizes="96px"
            alt=""
            width={96}
            height={120}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="text-lg font-bold">
          {event.status === "published" || event.status === "cancelled" ? (
            <Link to={eventPath(event)} className="underline-offset-4 hover:underline">
              {event.title}
            </Link>
          ) : (
            event.title
          )}
        </h2>
        <p className="tabular text-sm">
          {formatDateTime(new Date(event.startsAt), timeZone)}
          {event.locationName ? ` · ${event.locationName}` : ""}
        </p>
        <p className="flex flex-wrap gap-3 text-sm">
          <span
            className={`rounded-full px-2 py-0.5 font-bold ${
              event.status === "cancelled" ? "bg-danger text-paper" : "bg-raised"
            }`}
          >
            {statusLabels[event.status]}
          </span>
          {event.topUntil ? (
            <span className="font-bold text-accent">
              Top-Event bis {formatDateTime(new Date(event.topUntil), timeZone)}
              {event.topEndsBeforeParty ? " – endet vor der Party" : ""}
            </span>
          ) : null}
          {publishAt ? (
            <span className="tabular font-semibold">
              Wird am {formatDay(publishAt, timeZone)} um {formatTime(publishAt, timeZone)} Uhr
              veröffentlicht
            </span>
          ) : null}
          <span className="tabular text-muted">{countOf(event.views, nouns.view)}</span>
        </p>
        {upcoming && notPublic ? (
          <PreviewLink
            eventId={event.id}
            title={event.title}
            token={event.previewToken}
            renew={{ csrfToken }}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Link
            to={editEventPath(event.id)}
            aria-label={`Bearbeiten: ${event.title}`}
            className="inline-flex min-h-11 items-center rounded-full border border-accent px-4 text-sm font-semibold text-accent"
          >
            Bearbeiten
          </Link>
          {upcoming && event.status === "published" ? (
            <Link
              to={promoteEventPath(event.id)}
              aria-label={`Hervorheben: ${event.title}`}
              className="inline-flex min-h-11 items-center rounded-full bg-accent px-4 text-sm font-bold text-accent-ink"
            >
              Hervorheben
            </Link>
          ) : null}
          {rowAction("copy", "Für nächste Woche kopieren")}
          {event.status === "cancelled"
            ? null
            : rowAction(
                "cancel",
                "Absagen",
                "Die Party bleibt im Kalender, als „Abgesagt“ markiert.",
              )}
          {rowAction("delete", "Löschen", "Die Party wird endgültig gelöscht.")}
        </div>
      </div>
    </li>
  );
}
