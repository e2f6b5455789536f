/**
 * The contract's two timestamp formats (docs/decisions/006-identifiers-and-timestamps.md).
 */

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `YYYY-MM-DDTHH:mm:ss` and the milliseconds of a date in the years 1000–9999, from its UTC fields; null
 * for any other date (toISOString's longer forms, or its RangeError). Every listed row formats two or three
 * timestamps: this is a quarter of the cost of toISOString and slicing its result (issue 28).
 */
function utcFields(date: Date): { seconds: string; ms: number } | null {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  const seconds = `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return { seconds, ms: date.getUTCMilliseconds() };
}

/** `2026-11-21T09:30:05+00:00`: client, agent summary, invitation, webhook payload timestamp. */
export function isoOffset(date: Date): string {
  const fields = utcFields(date);
  return fields ? `${fields.seconds}+00:00` : date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** `2026-11-21T09:30:05.123456Z`: every other resource. JS dates hold milliseconds, so the last three digits are 0. */
export function isoMicro(date: Date): string {
  const fields = utcFields(date);
  return fields ? `${fields.seconds}.${three(fields.ms)}000Z` : date.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

export const isoOffsetOrNull = (d: Date | null | undefined) => (d ? isoOffset(d) : null);
export const isoMicroOrNull = (d: Date | null | undefined) => (d ? isoMicro(d) : null);

export const OFFSET_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
export const MICRO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
