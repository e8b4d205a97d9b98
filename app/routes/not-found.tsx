import { notFound } from "#app/lib/route-params.ts";

/** Every path no other route claims: the SPEC §8 404 page with status 404. */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
