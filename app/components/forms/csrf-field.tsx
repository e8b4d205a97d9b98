/** The csrftoken cookie's value, sent back with every form of the site (double submit). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
