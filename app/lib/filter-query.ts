/** A listing's filter query string without its dates: the other filters, kept on night links. */
export function withoutDates(query: string): string {
  const params = new URLSearchParams(query);
  params.delete("date_from");
  params.delete("date_to");
  return params.toString();
}
