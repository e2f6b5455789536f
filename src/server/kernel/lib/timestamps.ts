/**
 * The contract's two timestamp formats (docs/decisions/006-identifiers-and-timestamps.md).
 */
import { civilFromDays } from "@/server/kernel/lib/calendar";

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

const DAY_MS = 86_400_000;
/** Years 1000–9999 in milliseconds since the epoch: the dates toISOString writes with a four-digit year. */
const FIRST_MS = Date.UTC(1000, 0, 1);
const END_MS = Date.UTC(10000, 0, 1);

/**
 * `YYYY-MM-DDTHH:mm:ss` and the milliseconds of a date in the years 1000–9999, computed from its time
 * value (its day number to year, month and day: kernel/lib/calendar.ts); null for any other date
 * (toISOString's longer forms, or its RangeError). Every listed row formats two or three timestamps:
 * this is a quarter of the cost of toISOString and slicing its result (docs/decisions/093-native-spread-in-trpc.md). One `getTime()` rather
 * than the seven `getUTC…()` getters: under Next's server, whose `Date` extension constructs dates through
 * `Reflect.construct`, V8 reads those dates' fields ~8× slower (1.3 µs a date against 0.14), while
 * `getTime()` stays cheap (docs/decisions/097-dates-off-nexts-date-extension.md).
 */
function utcFields(date: Date): { seconds: string; ms: number } | null {
  const time = date.getTime();
  if (!(time >= FIRST_MS && time < END_MS)) return null;
  const days = Math.floor(time / DAY_MS);
  let rest = time - days * DAY_MS;
  const { year, month, day } = civilFromDays(days);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return { seconds: `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}`, ms: rest - seconds * 1000 };
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
