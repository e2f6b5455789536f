import { describe, expect, it } from "vitest";
import { parseIsoDate } from "@/server/analytics";
import { isoWeekday, parsePeriod, periodLabel, periodOf, periodProblem, previousPeriod } from "./period";
import { duePeriod } from "./schedule";

const day = (iso: string) => parseIsoDate(iso)!;

describe("report periods", () => {
  it("reads months and ISO weeks, and nothing else", () => {
    expect(parsePeriod("2026-11")).toMatchObject({ key: "2026-11", kind: "month", from: "2026-11-01", to: "2026-11-30" });
    expect(parsePeriod("2024-02")).toMatchObject({ to: "2024-02-29" });
    expect(parsePeriod("2026-W47")).toMatchObject({ key: "2026-W47", kind: "week", from: "2026-11-16", to: "2026-11-22" });
    // ISO week 1 of 2026 starts on Monday 29 December 2025; 2026 has 53 weeks, 2025 has 52.
    expect(parsePeriod("2026-W01")).toMatchObject({ from: "2025-12-29", to: "2026-01-04" });
    expect(parsePeriod("2026-W53")).toMatchObject({ from: "2026-12-28" });
    for (const bad of ["2026-13", "2026-00", "2026-1", "2026-11-01", "2025-W53", "2026-W00", "November", "", "1999-12", "2026-w47"]) expect(parsePeriod(bad)).toBeNull();
  });

  it("knows the period holding a day and the one before", () => {
    expect(periodOf("month", day("2026-12-06")).key).toBe("2026-12");
    expect(periodOf("week", day("2026-12-06")).key).toBe("2026-W49");
    expect(periodOf("week", day("2027-01-01")).key).toBe("2026-W53");
    expect(previousPeriod(parsePeriod("2026-01")!).key).toBe("2025-12");
    expect(previousPeriod(parsePeriod("2026-W01")!).key).toBe("2025-W52");
    expect(isoWeekday(day("2026-12-06"))).toBe(7);
  });

  it("refuses a malformed period, one in the future and one over before the client existed, naming why", () => {
    const today = day("2026-12-06");
    const created = day("2026-09-15");
    expect(periodProblem("2026-11", created, today).problem).toBeNull();
    expect(periodProblem("2026-12", created, today).problem).toBeNull(); // running: its figures so far
    expect(periodProblem("2026-09", created, today).problem).toBeNull(); // the client existed for part of it
    expect(periodProblem("2027-01", created, today).problem).toMatch(/future/);
    expect(periodProblem("2026-08", created, today).problem).toMatch(/before the client existed \(created 2026-09-15\)/);
    expect(periodProblem("2026/11", created, today).problem).toMatch(/YYYY-MM/);
    expect(periodProblem(undefined, created, today).problem).toMatch(/required/);
  });

  it("says a period in words", () => {
    expect(periodLabel(parsePeriod("2026-11")!)).toBe("November 2026");
    expect(periodLabel(parsePeriod("2026-W47")!)).toBe("Week 47 of 2026 (16–22 Nov)");
    expect(periodLabel(parsePeriod("2026-W48")!)).toBe("Week 48 of 2026 (23–29 Nov)");
    expect(periodLabel(parsePeriod("2026-W49")!)).toBe("Week 49 of 2026 (30 Nov – 6 Dec)");
  });
});

describe("when a report is due", () => {
  it("monthly: the previous month from its day on, else the month before", () => {
    const monthly = (dayOfMonth: number) => ({ frequency: "monthly", dayOfMonth, weekday: 1 });
    expect(duePeriod(monthly(1), day("2026-12-06"))!.key).toBe("2026-11");
    expect(duePeriod(monthly(6), day("2026-12-06"))!.key).toBe("2026-11");
    expect(duePeriod(monthly(7), day("2026-12-06"))!.key).toBe("2026-10");
    expect(duePeriod(monthly(1), day("2027-01-01"))!.key).toBe("2026-12");
  });

  it("weekly: the previous ISO week from its weekday on", () => {
    const weekly = (weekday: number) => ({ frequency: "weekly", dayOfMonth: 1, weekday });
    // Sunday 6 December 2026 (week 49).
    expect(duePeriod(weekly(1), day("2026-12-06"))!.key).toBe("2026-W48");
    expect(duePeriod(weekly(7), day("2026-12-06"))!.key).toBe("2026-W48");
    // Monday 7 December: week 49 is due on Mondays, not yet on Fridays.
    expect(duePeriod(weekly(1), day("2026-12-07"))!.key).toBe("2026-W49");
    expect(duePeriod(weekly(5), day("2026-12-07"))!.key).toBe("2026-W48");
  });

  it("off: never", () => {
    expect(duePeriod({ frequency: "off", dayOfMonth: 1, weekday: 1 }, day("2026-12-06"))).toBeNull();
  });
});
