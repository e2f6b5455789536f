/** The last whole calendar month, `YYYY-MM` (UTC), the report the dashboard opens on. */
export function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * The month a client's report opens on: the last whole month, or — for a client created since it began —
 * the month the client was created in (its report so far), never a month before the client existed.
 */
export function openingMonth(clientCreatedAt: string, now = new Date()): string {
  const last = lastMonth(now);
  const created = clientCreatedAt.slice(0, 7);
  return created > last ? created : last;
}
