import type { Page } from "playwright-core";
import { expectNoSeriousAxeViolations } from "./browser-fixtures.ts";

/**
 * Pays `amount` on the sandbox checkout ("Testmodus", decision 0063's stand-in for Stripe's
 * page): it must say it is a test and offer cancelling and a failing payment too; "Bezahlen"
 * runs the same payment handling as Stripe's webhook.
 */
export async function payInSandbox(page: Page, amount: string) {
  await page.waitForURL(/\/zahlung\/testmodus\/sandbox_/);
  await page.getByText("Testmodus", { exact: true }).waitFor();
  await page.getByText(amount, { exact: true }).waitFor();
  for (const name of ["Abbrechen", "Zahlung schlägt fehl"]) {
    await page.getByRole("button", { name }).waitFor();
  }
  await expectNoSeriousAxeViolations(page, "main");
  await page.getByRole("button", { name: "Bezahlen" }).click();
}
