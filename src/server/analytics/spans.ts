/**
 * A period split the way `analytics_distinct_spans` stores the distinct
 * counts (docs/decisions/089-analytics-distinct-spans.md): whole calendar
 * months, whole dekads (days 1–10, 11–20, 21–end of a month) and the single
 * days left at the edges. Every day of the period lies in exactly one piece,
 * so a sum over the pieces' rows is the sum over the period's days; a year
 * is about 12 months, up to 4 dekads and at most 20 days instead of 366 days.
 * `analytics_span_start` in src/server/analytics/sql/rollups.sql is the same
 * rule in SQL (the recount test in tests/integration/analytics-distinct.test.ts
 * holds them together).
 */
export interface PeriodSpans {
  months: string[];
  dekads: string[];
  days: string[];
}

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last day (as a time) of the month or dekad starting on `start`. */
function spanEnd(start: number, grain: "month" | "dekad"): number {
  const d = new Date(start);
  const monthEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY_MS;
  if (grain === "month") return monthEnd;
  return d.getUTCDate() === 21 ? monthEnd : start + 9 * DAY_MS;
}

/** Splits [from, to] (ISO days, both included) into whole months, whole dekads and single days. */
export function periodSpans(from: string, to: string): PeriodSpans {
  const spans: PeriodSpans = { months: [], dekads: [], days: [] };
  const last = parse(to);
  for (let t = parse(from); t <= last; ) {
    const date = new Date(t).getUTCDate();
    if (date === 1 && spanEnd(t, "month") <= last) {
      spans.months.push(iso(t));
      t = spanEnd(t, "month") + DAY_MS;
    } else if ((date === 1 || date === 11 || date === 21) && spanEnd(t, "dekad") <= last) {
      spans.dekads.push(iso(t));
      t = spanEnd(t, "dekad") + DAY_MS;
    } else {
      spans.days.push(iso(t));
      t += DAY_MS;
    }
  }
  return spans;
}
