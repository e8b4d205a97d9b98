import { useActionData, useLoaderData } from "react-router";
import { siteSettingsSchema, type SiteSettingKey } from "#common/schemas/site-settings.ts";
import { z } from "#common/schemas/german-errors.ts";
import { messages } from "#common/messages.ts";
import {
  getSiteSettings,
  updateSiteSettings,
} from "#server/domain/settings/site-settings.server.ts";
import { settingLabels } from "#app/components/admin/setting-labels.ts";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { RadioGroupField } from "#app/components/forms/radio-group-field.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/settings";

export const meta = privatePageMeta("Einstellungen");

/** The form's fields, grouped as the page shows them. */
const groups: { title: string; fields: SiteSettingKey[] }[] = [
  { title: "Seite", fields: ["siteName", "cityName"] },
  {
    title: "Betreiber (Impressum und Datenschutzerklärung)",
    fields: [
      "operatorName",
      "operatorAddress",
      "operatorEmail",
      "operatorPhone",
      "operatorVatId",
      "operatorHoster",
    ],
  },
  {
    title: "Soziale Netzwerke (Fußzeile)",
    fields: ["socialInstagramUrl", "socialTiktokUrl", "socialFacebookUrl", "socialWhatsappUrl"],
  },
  {
    title: "Statistik (erst nach Einwilligung geladen)",
    fields: ["googleTagManagerId", "googleAnalyticsId", "clarityProjectId"],
  },
  { title: "Newsletter", fields: ["newsletterSendHour"] },
  { title: "Preise", fields: ["topEventPricePerWeekCents"] },
];
const numberFields: SiteSettingKey[] = ["newsletterSendHour", "topEventPricePerWeekCents"];
const checkboxes: SiteSettingKey[] = ["eventsNeedApproval", "adsNeedApproval"];
const vatModeOptions = [
  {
    value: "small_business",
    label: "Kleinunternehmer: Hinweis nach § 19 UStG, keine Umsatzsteuer",
  },
  { value: "standard", label: "19 % Umsatzsteuer: netto, Steuer und brutto ausgewiesen" },
] as const;

/** The settings as the form sends them: text, the hour as text, the switches as checkboxes. */
const settingsFormSchema = siteSettingsSchema.extend({
  topEventPricePerWeekCents: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(100, "Mindestens 100 Cent.")
    .max(1_000_000, "Höchstens 1.000.000 Cent."),
  newsletterSendHour: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(0, "Bitte eine Stunde von 0 bis 23.")
    .max(23, "Bitte eine Stunde von 0 bis 23."),
});
type SettingsForm = z.input<typeof settingsFormSchema>;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const settings = await getSiteSettings(context.deps);
  const formKeys = Object.keys(settingsFormSchema.shape) as (keyof SettingsForm)[];
  return {
    csrfToken: context.session.csrfToken,
    settings: Object.fromEntries(formKeys.map((key) => [key, settings[key]])) as SettingsForm,
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  return formAction(
    args,
    async ({ values }) => {
      // Whole numbers arrive as text; anything else goes on as sent and gets its field error.
      const numbers = Object.fromEntries(
        numberFields.map((key) => {
          const sent = values[key];
          const text = typeof sent === "string" ? sent.trim() : null;
          return [key, text !== null && /^\d{1,7}$/.test(text) ? Number(text) : (text ?? sent)];
        }),
      );
      await updateSiteSettings(args.context.deps, actor, { ...values, ...numbers });
      return { success: "Einstellungen gespeichert." };
    },
    { checkboxes },
  );
};

export default function Settings() {
  const { csrfToken, settings } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<SettingsForm>({
    schema: settingsFormSchema,
    defaultValues: settings,
    result,
  });
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Einstellungen</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-8">
        <CsrfField token={csrfToken} />
        {groups.map((group) => (
          <fieldset key={group.title} className="flex flex-col gap-4">
            <legend className="mb-2 text-lg font-bold">{group.title}</legend>
            {group.fields.map((name) => (
              <TextField
                key={name}
                label={settingLabels[name]}
                inputMode={numberFields.includes(name) ? "numeric" : undefined}
                {...form.field(name as keyof SettingsForm)}
              />
            ))}
          </fieldset>
        ))}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-bold">Freigaben</legend>
          {checkboxes.map((name) => (
            <CheckboxField
              key={name}
              label={settingLabels[name]}
              {...form.field(name as keyof SettingsForm)}
            />
          ))}
        </fieldset>
        <RadioGroupField
          legend={settingLabels.vatMode}
          options={vatModeOptions}
          {...form.field("vatMode")}
        />
        <SubmitButton>Speichern</SubmitButton>
      </form>
    </section>
  );
}
