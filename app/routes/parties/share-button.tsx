import { useState } from "react";

/** Shares the party with the Web Share API; where there is none, copies the link. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 3_000);
    } catch {
      window.prompt("Link kopieren:", url);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink"
    >
      <span aria-live="polite">{copied ? "Link kopiert" : "Teilen"}</span>
    </button>
  );
}
