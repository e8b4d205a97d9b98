/**
 * The part of schema.org's vocabulary our JSON-LD uses (https://schema.org): per
 * type the properties it has — its own and those inherited (Thing's name, url, image,
 * description …). `schemaOrgPropertiesOf` names what a JSON-LD object uses outside it, and
 * values of the wrong form, so a test fails on an invented property.
 */
const thing = ["name", "url", "image", "description"];

const properties: Record<string, string[]> = {
  Event: [
    ...thing,
    "startDate",
    "endDate",
    "eventStatus",
    "eventAttendanceMode",
    "location",
    "organizer",
    "performer",
    "offers",
    "typicalAgeRange",
  ],
  Place: [...thing, "address", "amenityFeature"],
  VirtualLocation: thing,
  PostalAddress: [...thing, "streetAddress", "postalCode", "addressLocality", "addressCountry"],
  Offer: [...thing, "price", "priceCurrency", "availability"],
  Organization: thing,
  Person: thing,
  /** A PropertyValue: `value` true or false for a feature of a place. */
  LocationFeatureSpecification: [...thing, "value"],
};

/** The forms schema.org gives some values ("18-": 18 and older). */
const valueChecks: Record<string, (value: unknown) => boolean> = {
  typicalAgeRange: (value) => typeof value === "string" && /^\d+-(\d+)?$/.test(value),
  amenityFeature: (value) => Array.isArray(value),
  value: (value) => ["boolean", "string", "number"].includes(typeof value),
};

/** "Type.property" for every property (or value) outside the vocabulary; empty when all fit. */
export function schemaOrgPropertiesOf(node: unknown, problems: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const entry of node) schemaOrgPropertiesOf(entry, problems);
    return problems;
  }
  if (typeof node !== "object" || node === null) return problems;
  const record = node as Record<string, unknown>;
  const type = typeof record["@type"] === "string" ? record["@type"] : null;
  const known = type ? properties[type] : undefined;
  if (type && !known) problems.push(`${type} (unknown type)`);
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith("@")) continue;
    if (known && !known.includes(key)) problems.push(`${type}.${key}`);
    if (valueChecks[key] && !valueChecks[key](value)) problems.push(`${type}.${key} value`);
    schemaOrgPropertiesOf(value, problems);
  }
  return problems;
}
