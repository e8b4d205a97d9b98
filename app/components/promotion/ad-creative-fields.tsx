import type { UseFormRegisterReturn } from "react-hook-form";
import { FlyerUpload } from "#app/components/event-form/flyer-upload.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";

type Field = { registration: UseFormRegisterReturn; error: string | undefined };

/** What the fields need of a form (useValidatedForm) that has the creative's fields. */
interface CreativeForm {
  field: (name: "title" | "image" | "target_url") => Field;
  watch: (name: "image") => string;
  setValue: (name: "image", value: string, options: { shouldValidate: boolean }) => void;
}

/** An ad's creative: title, image (the flyer pipeline) and target link; booking and editing. */
export function AdCreativeFields({ form, csrfToken }: { form: CreativeForm; csrfToken: string }) {
  const title = form.field("title");
  const targetUrl = form.field("target_url");
  const image = form.field("image");
  const imagePath = form.watch("image");
  return (
    <>
      <TextField label="Titel" required maxLength={80} {...title} />
      <input type="hidden" {...image.registration} />
      <FlyerUpload
        name="image"
        label="Bild"
        hint="JPEG, PNG, WebP oder AVIF, höchstens 10 MB. Am besten quadratisch."
        previewAlt="Vorschau Deiner Anzeige"
        flyerPath={imagePath || null}
        csrfToken={csrfToken}
        onChange={(path) => form.setValue("image", path ?? "", { shouldValidate: true })}
        error={image.error}
      />
      <TextField
        label="Ziel-Link"
        type="url"
        inputMode="url"
        required
        placeholder="https://"
        hint="Wohin die Anzeige führt (http oder https)."
        {...targetUrl}
      />
    </>
  );
}
