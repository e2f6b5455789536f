/**
 * Pure period maths for analytics (docs/analytics.md): strict `YYYY-MM-DD`
 * parsing, the defaults, the 366-day cap, the previous period, the list of
 * days and the rounding rules. Days are UTC calendar days, held as whole
 * numbers of days since 1970-01-01 so no time zone or DST can creep in.
 */
import type { FieldErrors } from "@/server/kernel/errors";
import { civilFromDays, daysFromCivil } from "@/server/kernel/lib/calendar";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

/** Days since 1970-01-01 (UTC). */
export type DayNumber = number;

export const MAX_RANGE_DAYS = 366;
/** `from` defaults to this many days before `to`'s default (today): 31 days inclusive. */
export const DEFAULT_LOOKBACK_DAYS = 30;
/** Ranges up to this many days get `weekly` insights, longer ones `monthly`. */
export const WEEKLY_INSIGHTS_MAX_DAYS = 14;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type InsightPeriodType = "weekly" | "monthly";

export interface AnalyticsPeriod {
  from: string;
  to: string;
  /** Days in [from, to], both included. */
  days: number;
  /** True when the requested range was longer than 366 days and `from` was moved. */
  capped: boolean;
  previousFrom: string;
  previousTo: string;
  periodType: InsightPeriodType;
}

export type PeriodResult = { ok: true; period: AnalyticsPeriod } | { ok: false; errors: FieldErrors };

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** A real calendar date written exactly `YYYY-MM-DD` (years 1000–9999), else null. `2026-02-30` is null. */
export function parseIsoDate(value: string): DayNumber | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

export function formatIsoDate(days: DayNumber): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The UTC calendar day containing `now`. */
export function utcDay(now: Date): DayNumber {
  return Math.floor(now.getTime() / MS_PER_DAY);
}

export function insightPeriodType(days: number): InsightPeriodType {
  return days <= WEEKLY_INSIGHTS_MAX_DAYS ? "weekly" : "monthly";
}

/**
 * The analytics period for the `from` / `to` query parameters:
 * - `to` defaults to today (UTC), `from` to 30 days before today;
 * - either one that is not a real `YYYY-MM-DD` date, or `from` after `to`, is a validation error;
 * - a range longer than 366 days keeps `to` and moves `from` to `to - 365 days` (366 days inclusive);
 * - the previous period has the same number of days and ends the day before `from`.
 */
export function resolvePeriod(input: { from?: string; to?: string }, now: Date): PeriodResult {
  const today = utcDay(now);
  const errors: FieldErrors = {};
  const parse = (field: "from" | "to", fallback: DayNumber): DayNumber | null => {
    const raw = input[field];
    if (raw === undefined) return fallback;
    const day = parseIsoDate(raw);
    if (day === null) errors[field] = [`The ${field} field must be a valid date in the format YYYY-MM-DD.`];
    return day;
  };
  const to = parse("to", today);
  let from = parse("from", today - DEFAULT_LOOKBACK_DAYS);
  if (from === null || to === null) return { ok: false, errors };
  if (from > to) return { ok: false, errors: { from: ["The from field must be a date before or equal to to."] } };

  const capped = to - from + 1 > MAX_RANGE_DAYS;
  if (capped) from = to - (MAX_RANGE_DAYS - 1);
  const days = to - from + 1;
  return {
    ok: true,
    period: {
      from: formatIsoDate(from),
      to: formatIsoDate(to),
      days,
      capped,
      previousFrom: formatIsoDate(from - days),
      previousTo: formatIsoDate(from - 1),
      periodType: insightPeriodType(days),
    },
  };
}

/** Every day from `from` to `to`, both included, as `YYYY-MM-DD`. */
export function dayList(from: string, to: string): string[] {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === null || end === null) throw new Error(`invalid day range ${from}..${to}`);
  const days: string[] = [];
  for (let d = start; d <= end; d++) days.push(formatIsoDate(d));
  return days;
}

const DAY_LISTS_KEPT = 64;
const dayLists = new BoundedMemo<string, readonly string[]>(DAY_LISTS_KEPT);

/**
 * `dayList`, remembered for the last few ranges asked: every analytics call lists its period's days
 * (365 for a year, ~45 µs to format), and the ranges asked repeat (today's last 30 or 365 days).
 */
export function cachedDayList(from: string, to: string): readonly string[] {
  const key = `${from}/${to}`;
  let days = dayLists.get(key);
  if (days === undefined) {
    days = Object.freeze(dayList(from, to));
    dayLists.set(key, days);
  }
  return days;
}

/** 100 * part / whole rounded to 2 decimals; 0 when `whole` is 0. */
export function percentage(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.round((part * 10_000) / whole) / 100;
}

/** part / whole rounded to 2 decimals; 0 when `whole` is 0. */
export function ratio2(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.round((part * 100) / whole) / 100;
}

/** part / whole rounded half up to an integer; 0 when `whole` is 0. */
export function ratioInt(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.round(part / whole);
}
