import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** A React Email element as the HTML and plain-text parts of a mail. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
