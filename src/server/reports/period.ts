/**
 * A report's period (docs/decisions/113-the-value-report.md): a calendar month `YYYY-MM` or an ISO week
 * `YYYY-Www` (Monday to Sunday), as UTC days. Pure: parsing, the checks of the API's `period` field, the
 * period before, and the words a report uses for it.
 */
import { civilFromDays, daysFromCivil } from "@/server/kernel/lib/calendar";
import { formatIsoDate } from "@/server/analytics";

export type PeriodKind = "month" | "week";

export interface ReportPeriod {
  /** As written in the API: `2026-11` or `2026-W47`. */
  key: string;
  kind: PeriodKind;
  /** First and last day (UTC day numbers), both included. */
  first: number;
  last: number;
  from: string;
  to: string;
}

const MONTH = /^(\d{4})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

/** The Monday of ISO week 1 of `year`: the week holding 4 January. */
function isoWeekOneMonday(year: number): number {
  const jan4 = daysFromCivil(year, 1, 4);
  return jan4 - (isoWeekday(jan4) - 1);
}

function make(key: string, kind: PeriodKind, first: number, last: number): ReportPeriod {
  return { key, kind, first, last, from: formatIsoDate(first), to: formatIsoDate(last) };
}

export function monthPeriod(year: number, month: number): ReportPeriod {
  const first = daysFromCivil(year, month, 1);
  const last = daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - 1;
  return make(`${year}-${String(month).padStart(2, "0")}`, "month", first, last);
}

export function weekPeriod(year: number, week: number): ReportPeriod {
  const first = isoWeekOneMonday(year) + (week - 1) * 7;
  return make(`${year}-W${String(week).padStart(2, "0")}`, "week", first, first + 6);
}

/** The period a key names, or null when it is not one (`2026-13`, `2026-W54`, `2026-11-01`). */
export function parsePeriod(value: string): ReportPeriod | null {
  const month = MONTH.exec(value);
  if (month) {
    const [year, m] = [Number(month[1]), Number(month[2])];
    return year >= 2000 && m >= 1 && m <= 12 ? monthPeriod(year, m) : null;
  }
  const week = WEEK.exec(value);
  if (week) {
    const [year, w] = [Number(week[1]), Number(week[2])];
    const weeks = (isoWeekOneMonday(year + 1) - isoWeekOneMonday(year)) / 7;
    return year >= 2000 && w >= 1 && w <= weeks ? weekPeriod(year, w) : null;
  }
  return null;
}

/** The period of the same kind that holds `day`. */
export function periodOf(kind: PeriodKind, day: number): ReportPeriod {
  if (kind === "month") {
    const { year, month } = civilFromDays(day);
    return monthPeriod(year, month);
  }
  // The ISO year of a day is the year of its week's Thursday.
  const thursday = day - isoWeekday(day) + 4;
  const year = civilFromDays(thursday).year;
  return weekPeriod(year, Math.floor((thursday - isoWeekOneMonday(year)) / 7) + 1);
}

/** The period just before. */
export const previousPeriod = (p: ReportPeriod) => periodOf(p.kind, p.first - 1);

/** Why a period cannot be reported on (the API's 422 on `period`), or null. */
export function periodProblem(value: string | undefined, clientCreatedDay: number, today: number): { period: ReportPeriod | null; problem: string | null } {
  if (value === undefined || value === "") return { period: null, problem: "The period field is required (a month such as 2026-11, or an ISO week such as 2026-W47)." };
  const period = parsePeriod(value);
  if (!period) return { period: null, problem: "The period field must be a month written YYYY-MM (e.g. 2026-11) or an ISO week written YYYY-Www (e.g. 2026-W47)." };
  if (period.first > today) return { period, problem: `The period field must not be in the future: ${period.key} has not started yet.` };
  if (period.last < clientCreatedDay) return { period, problem: `The period field must not end before the client existed (created ${formatIsoDate(clientCreatedDay)}).` };
  return { period, problem: null };
}

/** "November 2026", "Week 47 of 2026 (16–22 Nov)". */
export function periodLabel(p: ReportPeriod): string {
  const a = civilFromDays(p.first);
  if (p.kind === "month") return `${MONTH_NAMES[a.month - 1]} ${a.year}`;
  const b = civilFromDays(p.last);
  const [year, week] = p.key.split("-W");
  const span = a.month === b.month ? `${a.day}–${b.day} ${SHORT_MONTHS[b.month - 1]}` : `${a.day} ${SHORT_MONTHS[a.month - 1]} – ${b.day} ${SHORT_MONTHS[b.month - 1]}`;
  return `Week ${Number(week)} of ${year} (${span})`;
}
