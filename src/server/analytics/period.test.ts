import { describe, expect, it } from "vitest";
import {
  cachedDayList,
  dayList,
  formatIsoDate,
  insightPeriodType,
  parseIsoDate,
  percentage,
  ratio2,
  ratioInt,
  resolvePeriod,
  utcDay,
} from "@/server/analytics/period";

const NOW = new Date("2026-03-15T23:59:59.999Z");

describe("parseIsoDate / formatIsoDate", () => {
  it("reads real calendar dates and writes them back unchanged", () => {
    for (const d of ["1970-01-01", "2024-02-29", "2026-12-31", "2000-02-29", "1000-01-01", "9999-12-31"]) {
      const n = parseIsoDate(d);
      expect(n).not.toBeNull();
      expect(formatIsoDate(n!)).toBe(d);
    }
    expect(parseIsoDate("1970-01-01")).toBe(0);
    expect(parseIsoDate("1970-01-02")).toBe(1);
    expect(parseIsoDate("1969-12-31")).toBe(-1);
    expect(parseIsoDate("2026-03-15")).toBe(utcDay(NOW));
  });

  it.each([
    "2026-02-30", // no such day
    "2025-02-29", // not a leap year
    "1900-02-29", // century, not a leap year
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-1-5",
    "26-01-05",
    "2026-01-05T00:00:00Z",
    " 2026-01-05",
    "2026/01/05",
    "yesterday",
    "",
    "0999-12-31",
  ])("refuses %j", (value) => {
    expect(parseIsoDate(value)).toBeNull();
  });

  it("agrees with the JavaScript calendar on every day of four years", () => {
    const start = Date.UTC(2023, 0, 1);
    for (let i = 0; i < 4 * 366; i++) {
      const iso = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      expect(formatIsoDate(parseIsoDate(iso)!)).toBe(iso);
      expect(parseIsoDate(iso)).toBe(utcDay(new Date(start + i * 86_400_000)));
    }
  });
});

describe("resolvePeriod", () => {
  it("defaults to 30 days before today up to today (31 days), previous period just before", () => {
    const r = resolvePeriod({}, NOW);
    expect(r).toEqual({
      ok: true,
      period: {
        from: "2026-02-13",
        to: "2026-03-15",
        days: 31,
        capped: false,
        previousFrom: "2026-01-13",
        previousTo: "2026-02-12",
        periodType: "monthly",
      },
    });
  });

  it("uses today as the UTC day, whatever the time of day", () => {
    const early = resolvePeriod({}, new Date("2026-03-15T00:00:00.000Z"));
    expect(early.ok && early.period.to).toBe("2026-03-15");
  });

  it("takes given dates; a one-day range has a one-day previous period", () => {
    const r = resolvePeriod({ from: "2026-01-01", to: "2026-01-01" }, NOW);
    expect(r.ok && r.period).toMatchObject({ from: "2026-01-01", to: "2026-01-01", days: 1, previousFrom: "2025-12-31", previousTo: "2025-12-31", periodType: "weekly" });
  });

  it("crosses leap days correctly", () => {
    const r = resolvePeriod({ from: "2024-03-01", to: "2024-03-10" }, NOW);
    expect(r.ok && r.period).toMatchObject({ days: 10, previousFrom: "2024-02-20", previousTo: "2024-02-29" });
  });

  it("keeps only one default: from alone ends today, to alone starts 30 days before today", () => {
    const onlyFrom = resolvePeriod({ from: "2026-03-01" }, NOW);
    expect(onlyFrom.ok && onlyFrom.period).toMatchObject({ from: "2026-03-01", to: "2026-03-15", days: 15 });
    const onlyTo = resolvePeriod({ to: "2026-03-20" }, NOW);
    expect(onlyTo.ok && onlyTo.period).toMatchObject({ from: "2026-02-13", to: "2026-03-20", days: 36 });
    expect(resolvePeriod({ to: "2026-01-01" }, NOW).ok).toBe(false); // default from is after it
  });

  it("allows 366 days exactly and caps longer ranges by moving from to to - 365 days", () => {
    const exact = resolvePeriod({ from: "2025-03-15", to: "2026-03-15" }, NOW);
    expect(exact.ok && exact.period).toMatchObject({ from: "2025-03-15", days: 366, capped: false });
    const long = resolvePeriod({ from: "2020-01-01", to: "2026-03-15" }, NOW);
    expect(long.ok && long.period).toMatchObject({
      from: "2025-03-15",
      to: "2026-03-15",
      days: 366,
      capped: true,
      previousFrom: "2024-03-14",
      previousTo: "2025-03-14",
    });
    const oneMore = resolvePeriod({ from: "2025-03-14", to: "2026-03-15" }, NOW);
    expect(oneMore.ok && oneMore.period).toMatchObject({ from: "2025-03-15", capped: true });
  });

  it("answers field errors for invalid dates, both at once", () => {
    expect(resolvePeriod({ from: "2026-02-30", to: "nope" }, NOW)).toEqual({
      ok: false,
      errors: {
        from: ["The from field must be a valid date in the format YYYY-MM-DD."],
        to: ["The to field must be a valid date in the format YYYY-MM-DD."],
      },
    });
    expect(resolvePeriod({ from: "" }, NOW)).toMatchObject({ ok: false, errors: { from: [expect.any(String)] } });
  });

  it("answers a from error when from is after to", () => {
    expect(resolvePeriod({ from: "2026-03-02", to: "2026-03-01" }, NOW)).toEqual({
      ok: false,
      errors: { from: ["The from field must be a date before or equal to to."] },
    });
  });
});

describe("cachedDayList", () => {
  it("is dayList, remembered per range", () => {
    const first = cachedDayList("2025-03-15", "2026-03-15");
    expect(first).toEqual(dayList("2025-03-15", "2026-03-15"));
    expect(cachedDayList("2025-03-15", "2026-03-15")).toBe(first);
    expect(cachedDayList("2025-03-16", "2026-03-15")).toEqual(first.slice(1));
  });
});

describe("dayList", () => {
  it("lists every day, both ends included, across months and years", () => {
    expect(dayList("2025-12-30", "2026-01-02")).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(dayList("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(dayList("2026-01-01", "2026-01-01")).toEqual(["2026-01-01"]);
    expect(dayList("2025-03-15", "2026-03-15")).toHaveLength(366);
  });
});

describe("insight period type", () => {
  it("is weekly up to 14 days and monthly beyond", () => {
    expect(insightPeriodType(1)).toBe("weekly");
    expect(insightPeriodType(8)).toBe("weekly");
    expect(insightPeriodType(14)).toBe("weekly");
    expect(insightPeriodType(15)).toBe("monthly");
    expect(insightPeriodType(366)).toBe("monthly");
  });
});

describe("rounding", () => {
  it("gives percentages with 2 decimals, halves away from zero, 0 for an empty whole", () => {
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(1, 8)).toBe(12.5);
    expect(percentage(1, 16)).toBe(6.25);
    expect(percentage(1, 1600)).toBe(0.06); // 0.0625 -> 0.06
    expect(percentage(1, 800)).toBe(0.13); // 0.125 -> 0.13
    expect(percentage(5, 5)).toBe(100);
    expect(percentage(0, 5)).toBe(0);
    expect(percentage(0, 0)).toBe(0);
  });

  it("gives the average per day with 2 decimals and messages per conversation as a whole number", () => {
    expect(ratio2(10, 31)).toBe(0.32);
    expect(ratio2(100, 8)).toBe(12.5);
    expect(ratio2(1, 200)).toBe(0.01); // 0.005 -> 0.01
    expect(ratio2(0, 0)).toBe(0);
    expect(ratioInt(7, 2)).toBe(4); // 3.5 -> 4
    expect(ratioInt(10, 4)).toBe(3); // 2.5 -> 3
    expect(ratioInt(9, 4)).toBe(2);
    expect(ratioInt(5, 0)).toBe(0);
  });
});
