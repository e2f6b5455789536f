import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { periodSpans } from "@/server/analytics/spans";

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The days a span covers, by the storage rule (a month; a dekad: 1–10, 11–20, 21–end). */
function daysOf(start: string, grain: "month" | "dekad"): string[] {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  const out: string[] = [];
  for (let t = t0; ; t += DAY_MS) {
    const d = new Date(t);
    if (d.getUTCMonth() !== new Date(t0).getUTCMonth()) break;
    if (grain === "dekad" && new Date(t0).getUTCDate() < 21 && d.getUTCDate() >= new Date(t0).getUTCDate() + 10) break;
    out.push(iso(t));
  }
  return out;
}

describe("periodSpans", () => {
  it("covers every day of any period up to 366 days exactly once", () => {
    const base = Date.UTC(2023, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 365 }), (offset, length) => {
        const from = iso(base + offset * DAY_MS);
        const to = iso(base + (offset + length) * DAY_MS);
        const { months, dekads, days } = periodSpans(from, to);
        const covered = [...months.flatMap((m) => daysOf(m, "month")), ...dekads.flatMap((d) => daysOf(d, "dekad")), ...days].sort();
        const expected = Array.from({ length: length + 1 }, (_, i) => iso(base + (offset + i) * DAY_MS));
        expect(covered).toEqual(expected);
        expect(days.length).toBeLessThanOrEqual(20);
      }),
      { numRuns: 500 },
    );
  });

  it("reads a year as months, a few dekads and a few days", () => {
    expect(periodSpans("2025-11-26", "2026-11-26")).toEqual({
      months: ["2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01", "2026-10-01"],
      dekads: ["2026-11-01", "2026-11-11"],
      days: ["2025-11-26", "2025-11-27", "2025-11-28", "2025-11-29", "2025-11-30", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"],
    });
    expect(periodSpans("2026-02-21", "2026-02-28")).toEqual({ months: [], dekads: ["2026-02-21"], days: [] });
  });
});
