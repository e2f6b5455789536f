import { describe, expect, it } from "vitest";
import { addDays, countDelta, dayLabel, daysBetween, flagEmoji, formatDuration, pointsDelta, todayUtc } from "@/components/analytics/format";

describe("analytics display helpers", () => {
  it("moves and counts UTC days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(daysBetween("2026-03-01", "2026-03-31")).toBe(31);
    expect(todayUtc(new Date("2026-11-21T23:30:00-05:00"))).toBe("2026-11-22");
    expect(dayLabel("2026-03-01")).toBe("Mar 1");
  });

  it("reads a median wait as a person would", () => {
    expect([null, 0, 44.6, 59.6, 150, 3600, 7500].map(formatDuration)).toEqual(["—", "0 s", "45 s", "1 min", "3 min", "1 h", "2 h 5 min"]);
  });

  it("turns country codes into flags", () => {
    expect(flagEmoji("us")).toBe("🇺🇸");
    expect(flagEmoji("GB")).toBe("🇬🇧");
    expect(flagEmoji("")).toBe("🌐");
    expect(flagEmoji("USA")).toBe("🌐");
  });

  it("describes changes against the previous period", () => {
    expect(countDelta(120, 100)).toEqual({ trend: "up", label: "+20%" });
    expect(countDelta(95, 100)).toEqual({ trend: "down", label: "−5%" });
    expect(countDelta(1003, 1000)).toEqual({ trend: "up", label: "+0.3%" });
    expect(countDelta(5, 0)).toEqual({ trend: "up", label: "New" });
    expect(countDelta(0, 0)).toEqual({ trend: "flat", label: "0%" });
    expect(pointsDelta(66.67, 33.33)).toEqual({ trend: "up", label: "+33.3 pts" });
    expect(pointsDelta(10, 12.5)).toEqual({ trend: "down", label: "−2.5 pts" });
    expect(pointsDelta(50, 50.01)).toEqual({ trend: "flat", label: "0 pts" });
  });
});
