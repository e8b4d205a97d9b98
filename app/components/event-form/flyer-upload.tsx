import { useState } from "react";
import { FLYER_ACCEPT } from "#common/flyer-sizes.ts";
import { mediaUrl } from "#common/urls.ts";
import { CSRF_HEADER_NAME } from "#app/lib/csrf-header.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";

/**
 * The flyer (or an ad's image): uploaded at once to /api/upload-flyer/ (checked by content,
 * re-encoded by sharp), shown as a preview, kept as its path.
 */
export function FlyerUpload({
  flyerPath,
  csrfToken,
  onChange,
  error,
  name = "flyer",
  label = "Flyer",
  hint = "JPEG, PNG, WebP oder AVIF, höchstens 10 MB. Am besten im Hochformat 4:5.",
  previewAlt = "Vorschau Deines Flyers",
}: {
  flyerPath: string | null;
  csrfToken: string;
  onChange: (path: string | null) => void;
  error: string | undefined;
  /** The form field (and input id). */
  name?: string;
  label?: string;
  hint?: string;
  previewAlt?: string;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const shownError = uploadError ?? error;

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(undefined);
    const body = new FormData();
    body.append("flyer", file);
    try {
      const response = await fetch("/api/upload-flyer/", {
        method: "POST",
        body,
        headers: { [CSRF_HEADER_NAME]: csrfToken },
        credentials: "same-origin",
      });
      const answer = await response.json();
      if (response.ok) onChange(answer.flyer);
      else
        setUploadError(answer.flyer?.[0] ?? answer.detail ?? "Das Hochladen hat nicht geklappt.");
    } catch {
      setUploadError("Das Hochladen hat nicht geklappt. Bist Du online?");
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      <p id={hintId(name)} className="text-sm text-muted">
        {hint}
      </p>
      {flyerPath ? (
        <div className="flex items-end gap-4">
          <img
            src={mediaUrl(flyerPath)}
            alt={previewAlt}
            width={160}
            height={200}
            className="aspect-[4/5] w-40 rounded-lg border border-line object-cover"
          />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold"
          >
            {label} entfernen
          </button>
        </div>
      ) : null}
      <input
        id={name}
        type="file"
        accept={FLYER_ACCEPT}
        disabled={uploading}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(name, true, shownError)}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
          event.target.value = "";
        }}
        className="min-h-12 text-base file:mr-4 file:min-h-11 file:rounded-full file:border-0 file:bg-raised file:px-5 file:font-semibold file:text-ink"
      />
      {uploading ? (
        <p role="status" className="text-sm">
          {label} wird hochgeladen …
        </p>
      ) : null}
      <FieldError name={name} message={shownError} />
    </div>
  );
}
