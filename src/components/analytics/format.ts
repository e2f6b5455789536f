/** Display helpers of the analytics page. Dates are UTC calendar days, as in the API. */

const counts = new Intl.NumberFormat("en-US");
const decimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const weekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const formatCount = (n: number) => counts.format(n);
export const formatNumber = (n: number) => decimals.format(n);
export const formatPercent = (n: number) => `${decimals.format(n)}%`;

/** A median wait as a person reads it: "45 s", "3 min", "2 h 5 min"; null (nothing measured): "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 59.5) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** `Mar 1` */
export const dayLabel = (iso: string) => dayFormat.format(utc(iso));
/** `Mar 1, 2026` */
export const longDayLabel = (iso: string) => longDayFormat.format(utc(iso));
/** `Sun, Mar 1, 2026` */
export const weekdayLabel = (iso: string) => weekdayFormat.format(utc(iso));

/** Today as a UTC calendar day, `YYYY-MM-DD`. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `iso` moved by `days` (may be negative). */
export function addDays(iso: string, days: number): string {
  return new Date(utc(iso).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000) + 1;
}

/** 🇺🇸 from `US`; a globe for anything that is not two letters. */
export function flagEmoji(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return "🌐";
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export type Trend = "up" | "down" | "flat";

export interface Delta {
  trend: Trend;
  /** `+12%`, `−3.5 pts`, `New`. */
  label: string;
}

/** Change of a count against the previous period, in percent of the previous value. */
export function countDelta(current: number, previous: number): Delta {
  if (current === previous) return { trend: "flat", label: "0%" };
  if (previous === 0) return { trend: "up", label: "New" };
  const change = ((current - previous) / previous) * 100;
  const rounded = Math.abs(change) >= 10 ? Math.round(Math.abs(change)) : Math.round(Math.abs(change) * 10) / 10;
  return { trend: change > 0 ? "up" : "down", label: `${change > 0 ? "+" : "−"}${decimals.format(rounded)}%` };
}

/** Change of a percentage against the previous period, in percentage points. */
export function pointsDelta(current: number, previous: number): Delta {
  const diff = Math.round((current - previous) * 10) / 10;
  if (diff === 0) return { trend: "flat", label: "0 pts" };
  return { trend: diff > 0 ? "up" : "down", label: `${diff > 0 ? "+" : "−"}${decimals.format(Math.abs(diff))} pts` };
}
