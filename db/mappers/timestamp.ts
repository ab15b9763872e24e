// Timestamps leave the database as Date objects (both drivers parse timestamptz); a value that
// arrives as text (raw SQL, a JSON round trip) is read the same way.

/** The ISO 8601 form the API and pages use for every timestamp. */
export const isoTimestamp = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
