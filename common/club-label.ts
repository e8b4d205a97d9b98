/** A club as the plain event form's club list names it: "Name (Stadt)", or the name alone. */
export function clubLabel(club: { name: string; city: string }): string {
  return club.city ? `${club.name} (${club.city})` : club.name;
}
