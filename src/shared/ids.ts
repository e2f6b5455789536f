/** Any RFC 4122-shaped id, as PostgreSQL's `uuid` type accepts it (any version). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be compared with a `uuid` column. Ids from URLs are
 * checked first so a malformed one is "not found" instead of a database error.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
