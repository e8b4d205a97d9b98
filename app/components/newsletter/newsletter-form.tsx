import { useId, useState } from "react";
import type { NewsletterSignupForm } from "#common/newsletter-consent.ts";
import { NEWSLETTER_CONSENT_TEXT } from "#common/newsletter-consent.ts";
import { newsletterEmail } from "#common/schemas/newsletter.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { postSubscription } from "./post-subscription.ts";
import { SubscribedMessage } from "./subscribed-message.tsx";

export interface NewsletterFormProps {
  /** Where the form is shown; stored with the proof of consent. */
  form: NewsletterSignupForm;
  /** Called once the sign-up went through. */
  onSubscribed?: () => void;
  /** The server's verdict after a sign-up without JavaScript (the page's action). */
  result?:
    | { subscribed: true }
    | { fieldErrors: Record<string, string[]>; formError?: string; email: string };
}

function emailError(value: string): string | undefined {
  const parsed = newsletterEmail.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The sign-up form of the popup and the /newsletter page: the e-mail address, a hidden honeypot,
 * the consent text. With JavaScript it calls the API (SPEC §7; a failure is only logged, SPEC §8);
 * without, it posts to the /newsletter page.
 */
export function NewsletterForm({ form, onSubscribed, result }: NewsletterFormProps) {
  const id = useId();
  const [email, setEmail] = useState(result && "email" in result ? result.email : "");
  const [error, setError] = useState<string | undefined>(
    result && "fieldErrors" in result ? result.fieldErrors.email?.[0] : undefined,
  );
  const [touched, setTouched] = useState(Boolean(error));
  const [sending, setSending] = useState(false);
  const [subscribed, setSubscribed] = useState(Boolean(result && "subscribed" in result));

  if (subscribed) return <SubscribedMessage />;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailError(email);
    setTouched(true);
    setError(problem);
    if (problem) {
      event.currentTarget.querySelector<HTMLInputElement>("input[name=email]")?.focus();
      return;
    }
    const honeypot = new FormData(event.currentTarget).get("confirm_email");
    setSending(true);
    postSubscription({
      email: email.trim(),
      confirm_email: typeof honeypot === "string" && honeypot !== "" ? honeypot : undefined,
      form,
    })
      .then(() => {
        setSubscribed(true);
        onSubscribed?.();
      })
      .catch((failure: unknown) => console.error("Newsletter-Anmeldung fehlgeschlagen", failure))
      .finally(() => setSending(false));
  };

  return (
    <form
      method="post"
      action="/newsletter"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
    >
      <FormAlert kind="error">
        {result && "formError" in result ? result.formError : null}
      </FormAlert>
      <input type="hidden" name="form" value={form} />
      <label htmlFor={`${id}-email`} className="font-semibold">
        Deine E-Mail-Adresse
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={touched && error ? true : undefined}
          aria-describedby={touched && error ? `${id}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (touched) setError(emailError(event.target.value));
          }}
          onBlur={() => {
            if (email !== "") {
              setTouched(true);
              setError(emailError(email));
            }
          }}
          className="min-h-11 flex-1 rounded-lg border border-line bg-card px-4 text-base text-ink"
        />
        <button
          type="submit"
          disabled={sending}
          className="min-h-11 rounded-full bg-accent px-6 font-semibold text-accent-ink disabled:opacity-60"
        >
          Anmelden
        </button>
      </div>
      {touched && error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
      {/* Honeypot: invisible to people and screen readers, tempting to form-filling bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-confirm`}>E-Mail-Adresse bestätigen</label>
        <input
          id={`${id}-confirm`}
          name="confirm_email"
          type="email"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <p className="text-sm text-muted">{NEWSLETTER_CONSENT_TEXT}</p>
    </form>
  );
}
