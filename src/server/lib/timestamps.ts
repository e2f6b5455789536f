/**
 * The contract's two timestamp formats (DESIGN §5).
 */

/** `2026-11-21T09:30:05+00:00`: client, agent summary, invitation, webhook payload timestamp. */
export function isoOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** `2026-11-21T09:30:05.123456Z`: every other resource. JS dates hold milliseconds, so the last three digits are 0. */
export function isoMicro(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

export const isoOffsetOrNull = (d: Date | null | undefined) => (d ? isoOffset(d) : null);
export const isoMicroOrNull = (d: Date | null | undefined) => (d ? isoMicro(d) : null);

export const OFFSET_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
export const MICRO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
