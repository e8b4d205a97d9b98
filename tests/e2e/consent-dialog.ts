import type { Page } from "playwright-core";

/** The consent dialog's first layer, as a visitor sees it. */
export function consentDialog(page: Page) {
  return page.getByRole("dialog", { name: "Deine Cookie-Auswahl" });
}

/** Answers the consent dialog with "Alle ablehnen" and waits until it is gone. */
export async function declineConsent(page: Page) {
  const dialog = consentDialog(page);
  await dialog.getByRole("button", { name: "Alle ablehnen" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Answers the consent dialog with "Alle akzeptieren" and waits until it is gone. */
export async function acceptConsent(page: Page) {
  const dialog = consentDialog(page);
  await dialog.getByRole("button", { name: "Alle akzeptieren" }).click();
  await dialog.waitFor({ state: "hidden" });
}
