/**
 * What an organiser copies to embed the programme on their own site (decision 0231), written
 * once for the user area's page and its tests.
 */

/** The message a programme frame posts with its height, which the sizing script reads. */
export const EMBED_HEIGHT_MESSAGE = "embedded-programme-height";

/** A frame's height before the sizing script sets it: room for `count` parties and the link. */
export const estimatedFrameHeight = (count: number) => count * 88 + 64;

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The `<iframe>`: works on every site, even where scripts may not be added. */
export function frameSnippet({
  address,
  title,
  count,
}: {
  /** The programme's absolute address. */
  address: string;
  title: string;
  count: number;
}): string {
  return (
    `<iframe src="${escapeAttribute(address)}" title="${escapeAttribute(title)}" ` +
    `style="width: 100%; height: ${estimatedFrameHeight(count)}px; border: 0;" loading="lazy"></iframe>`
  );
}

/** The script that fits each programme frame of the page to its content. */
export function scriptSnippet(scriptAddress: string): string {
  return `<script src="${escapeAttribute(scriptAddress)}" async></script>`;
}
