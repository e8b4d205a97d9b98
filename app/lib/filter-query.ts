/** A listing's filter query string without its dates: the other filters, kept on night links. */
export function withoutDates(query: string): string {
  const params = new URLSearchParams(query);
  params.delete("date_from");
  params.delete("date_to");
  return params.toString();
}

/**
 * A listing's filter query string without one filter — one genre of several (`value`), or a
 * field whole — and without the empty fields a submitted filter form leaves behind.
 */
export function withoutFilter(query: string, name: string, value?: string): string {
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const [key, current] of params) {
    if (current === "") continue;
    if (key === name && (value === undefined || current === value)) continue;
    kept.append(key, current);
  }
  return kept.toString();
}
