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
});
