/**
 * The contract's two timestamp formats (docs/decisions/006-identifiers-and-timestamps.md).
 */

/** `2026-11-21T09:30:05+00:00`: client, agent summary, invitation, webhook payload timestamp. */
export function isoOffset(date: Date): string {
  const iso = date.toISOString();
  // `YYYY-MM-DDTHH:mm:ss.sssZ` (24 characters) for years 0–9999: a slice, not a regex (every listed row formats a few).
  return iso.length === 24 ? `${iso.slice(0, 19)}+00:00` : iso.replace(/\.\d{3}Z$/, "+00:00");
}

/** `2026-11-21T09:30:05.123456Z`: every other resource. JS dates hold milliseconds, so the last three digits are 0. */
export function isoMicro(date: Date): string {
  const iso = date.toISOString();
  return iso.length === 24 ? `${iso.slice(0, 23)}000Z` : iso.replace(/\.(\d{3})Z$/, ".$1000Z");
}

export const isoOffsetOrNull = (d: Date | null | undefined) => (d ? isoOffset(d) : null);
export const isoMicroOrNull = (d: Date | null | undefined) => (d ? isoMicro(d) : null);

export const OFFSET_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
export const MICRO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
