import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoMicro, isoMicroOrNull, isoOffset, isoOffsetOrNull, MICRO_TIMESTAMP, OFFSET_TIMESTAMP } from "./timestamps";

describe("timestamp formats", () => {
  const date = new Date("2026-11-21T09:30:05.123Z");

  it("formats +00:00 with whole seconds", () => {
    expect(isoOffset(date)).toBe("2026-11-21T09:30:05+00:00");
    expect(isoOffset(date)).toMatch(OFFSET_TIMESTAMP);
  });

  it("formats UTC with six fraction digits and Z", () => {
    expect(isoMicro(date)).toBe("2026-11-21T09:30:05.123000Z");
    expect(isoMicro(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01-01T00:00:00.000000Z");
    expect(isoMicro(date)).toMatch(MICRO_TIMESTAMP);
  });

  it("formats years past 9999 (a longer ISO string) the same way", () => {
    const far = new Date("+010000-01-02T03:04:05.678Z");
    expect(isoMicro(far)).toBe("+010000-01-02T03:04:05.678000Z");
    expect(isoOffset(far)).toBe("+010000-01-02T03:04:05+00:00");
  });

  it("keeps null as null", () => {
    expect(isoMicroOrNull(null)).toBeNull();
    expect(isoOffsetOrNull(undefined)).toBeNull();
  });

  it("writes what toISOString writes, for any date", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("-000100-01-01T00:00:00Z"), max: new Date("+020000-01-01T00:00:00Z") }), (d) => {
        if (Number.isNaN(d.getTime())) return;
        expect(isoMicro(d)).toBe(d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"));
        expect(isoOffset(d)).toBe(d.toISOString().replace(/\.\d{3}Z$/, "+00:00"));
      }),
      { numRuns: 5000 },
    );
    expect(() => isoMicro(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("computes the calendar from the time value as toISOString does: every millisecond of years 1000–9999, the edges and leap days", () => {
    const same = (d: Date) => {
      expect(isoMicro(d)).toBe(d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"));
      expect(isoOffset(d)).toBe(d.toISOString().replace(/\.\d{3}Z$/, "+00:00"));
    };
    for (const text of [
      "1000-01-01T00:00:00.000Z",
      "0999-12-31T23:59:59.999Z",
      "9999-12-31T23:59:59.999Z",
      "+010000-01-01T00:00:00.000Z",
      "1600-02-29T12:00:00.001Z",
      "1900-02-28T23:59:59.999Z",
      "1900-03-01T00:00:00.000Z",
      "1970-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "2000-02-29T00:00:00.000Z",
      "2024-12-31T23:59:59.999Z",
      "2100-03-01T00:00:00.000Z",
    ])
      same(new Date(text));
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(10000, 0, 1) - 1 }), (ms) => same(new Date(ms))),
      { numRuns: 20_000 },
    );
  });
});
