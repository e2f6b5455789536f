/**
 * Business hours (docs/decisions/122-business-hours-routing-and-ratings.md): a chatbot's team answers in its
 * IANA time zone during weekly intervals (several a weekday, none across midnight: 22:00–24:00 then
 * 00:00–02:00), except on holidays (local dates). Pure rules on instants: whether the team is open, and
 * when it opens next. Wall-clock arithmetic goes through `Intl` (the runtime's time zone database), so a
 * daylight-saving change moves the instants, never the hours on the clock.
 */
import { z } from "zod";
import { fill } from "@/shared/i18n/fill";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Use HH:MM (00:00 to 24:00).");
const localDate = z.iso.date("Use a date YYYY-MM-DD.");

/** Whether the runtime knows the IANA zone (`Intl` throws a RangeError otherwise). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const intervalSchema = z.object({ from: clock, to: clock });
const dayIntervals = z.array(intervalSchema).max(6).default([]);

export const businessHoursSchema = z
  .object({
    time_zone: z.string().max(64).refine(isTimeZone, "Unknown time zone: use an IANA name such as Europe/Berlin."),
    weekly: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayIntervals])) as Record<Weekday, typeof dayIntervals>),
    holidays: z.array(localDate).max(100).default([]),
    /** Inside hours, how long a waiting conversation may go without anyone taking it before the visitor is offered the lead form. */
    unattended_minutes: z.number().int().min(1).max(240).default(5),
  })
  .superRefine((hours, ctx) => {
    for (const day of WEEKDAYS) {
      const intervals = hours.weekly[day];
      intervals.forEach((interval, i) => {
        if (minutesOf(interval.to) <= minutesOf(interval.from)) {
          ctx.addIssue({ code: "custom", path: ["weekly", day, i, "to"], message: "An interval ends after it starts (split one across midnight into two days)." });
        }
      });
      const sorted = intervals.map((v, i) => ({ ...v, i })).sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
      for (let k = 1; k < sorted.length; k++) {
        if (minutesOf(sorted[k]!.from) < minutesOf(sorted[k - 1]!.to)) {
          ctx.addIssue({ code: "custom", path: ["weekly", day, sorted[k]!.i, "from"], message: "The intervals of a day overlap." });
        }
      }
    }
  })
  .meta({ id: "BusinessHours" });

export type BusinessHours = z.output<typeof businessHoursSchema>;

/** A stored value read back (null, or anything no longer valid: always open). */
export function businessHoursOf(stored: unknown): BusinessHours | null {
  const parsed = businessHoursSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

interface WallClock {
  date: string;
  weekday: Weekday;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, at: Date) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", weekday: "short" });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second), weekday: p.weekday!.toLowerCase().slice(0, 3) as Weekday };
}

/** The wall clock in `zone` at an instant. */
export function wallClock(zone: string, at: Date): WallClock {
  const p = partsIn(zone, at);
  return { date: `${p.y}-${String(p.m).padStart(2, "0")}-${String(p.d).padStart(2, "0")}`, weekday: p.weekday, minutes: p.h * 60 + p.min };
}

/** How far `zone`'s clock is ahead of UTC at an instant, in ms. */
function offsetAt(zone: string, at: number): number {
  const p = partsIn(zone, new Date(at));
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at / 1000) * 1000;
}

/** The instant a local date and minute of the day is in `zone` (a time a spring-forward skips lands just after the gap). */
export function instantOf(zone: string, date: string, minutes: number): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const first = naive - offsetAt(zone, naive);
  const second = naive - offsetAt(zone, first);
  return new Date(Math.max(first, second));
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const weekdayOfDate = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** Whether the team is open at an instant (no hours set: always). */
export function isOpenAt(hours: BusinessHours | null, at: Date): boolean {
  if (!hours) return true;
  const now = wallClock(hours.time_zone, at);
  if (hours.holidays.includes(now.date)) return false;
  return hours.weekly[now.weekday].some((i) => minutesOf(i.from) <= now.minutes && now.minutes < minutesOf(i.to));
}

/** The next instant the team opens after `at` (null: open now, or no hours in the coming year). */
export function nextOpening(hours: BusinessHours | null, at: Date): { at: Date; date: string; time: string } | null {
  if (!hours || isOpenAt(hours, at)) return null;
  let date = wallClock(hours.time_zone, at).date;
  for (let day = 0; day < 370; day++, date = nextDate(date)) {
    if (hours.holidays.includes(date)) continue;
    const starts = hours.weekly[weekdayOfDate(date)].map((i) => i.from).sort();
    for (const from of starts) {
      const opens = instantOf(hours.time_zone, date, minutesOf(from));
      if (opens > at) return { at: opens, date, time: from };
    }
  }
  return null;
}

/** When the team is back, in the visitor's words: "09:00" today, else the weekday (or the date beyond a week) and the time. */
export function backLabel(hours: BusinessHours, opening: { at: Date; date: string }, now: Date, language: string, words: { backAt: string; backOn: string }): string {
  const time = new Intl.DateTimeFormat(language, { timeZone: hours.time_zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(opening.at);
  const today = wallClock(hours.time_zone, now).date;
  if (opening.date === today) return fill(words.backAt, { time });
  const withinWeek = opening.at.getTime() - now.getTime() < 6 * 86_400_000;
  const day = new Intl.DateTimeFormat(language, withinWeek ? { timeZone: hours.time_zone, weekday: "long" } : { timeZone: hours.time_zone, weekday: "long", day: "numeric", month: "long" }).format(opening.at);
  return fill(words.backOn, { day, time });
}
