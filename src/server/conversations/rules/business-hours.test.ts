import { describe, expect, it } from "vitest";
import { backLabel, businessHoursSchema, instantOf, isOpenAt, isTimeZone, nextOpening, type BusinessHours } from "./business-hours";

const weekdays = (intervals: Array<{ from: string; to: string }>) => ({ mon: intervals, tue: intervals, wed: intervals, thu: intervals, fri: intervals, sat: [], sun: [] });
const berlin: BusinessHours = businessHoursSchema.parse({ time_zone: "Europe/Berlin", weekly: weekdays([{ from: "09:00", to: "12:00" }, { from: "13:00", to: "17:30" }]), holidays: ["2026-12-25"] });
const words = { backAt: "Back at {time}", backOn: "Back {day} at {time}" };

describe("business hours", () => {
  it("is open inside an interval on the zone's wall clock, closed in the gap, at the end and on weekends", () => {
    expect(isOpenAt(berlin, new Date("2026-12-07T08:00:00Z"))).toBe(true); // Monday 09:00 CET
    expect(isOpenAt(berlin, new Date("2026-12-07T07:59:00Z"))).toBe(false);
    expect(isOpenAt(berlin, new Date("2026-12-07T11:30:00Z"))).toBe(false); // 12:30, lunch
    expect(isOpenAt(berlin, new Date("2026-12-07T16:30:00Z"))).toBe(false); // 17:30, the end is exclusive
    expect(isOpenAt(berlin, new Date("2026-12-05T10:00:00Z"))).toBe(false); // Saturday
    expect(isOpenAt(null, new Date())).toBe(true);
  });

  it("is closed on a holiday and opens on the next working day", () => {
    const christmas = new Date("2026-12-25T10:00:00Z"); // a Friday
    expect(isOpenAt(berlin, christmas)).toBe(false);
    expect(nextOpening(berlin, christmas)).toEqual({ at: new Date("2026-12-28T08:00:00Z"), date: "2026-12-28", time: "09:00" });
  });

  it("next opening: later today, after lunch, none while open", () => {
    expect(nextOpening(berlin, new Date("2026-12-07T06:00:00Z"))?.at).toEqual(new Date("2026-12-07T08:00:00Z"));
    expect(nextOpening(berlin, new Date("2026-12-07T11:15:00Z"))?.at).toEqual(new Date("2026-12-07T12:00:00Z"));
    expect(nextOpening(berlin, new Date("2026-12-07T09:00:00Z"))).toBeNull();
  });

  it("keeps the hours on the clock across daylight-saving changes", () => {
    // Berlin springs forward on Sunday 29 March 2026: Monday 09:00 is 07:00 UTC (CEST), the Friday before 08:00 UTC (CET).
    expect(nextOpening(berlin, new Date("2026-03-27T17:00:00Z"))?.at).toEqual(new Date("2026-03-30T07:00:00Z"));
    expect(isOpenAt(berlin, new Date("2026-03-30T07:00:00Z"))).toBe(true);
    expect(isOpenAt(berlin, new Date("2026-03-27T07:30:00Z"))).toBe(false);
    // New York falls back on Sunday 1 November 2026: Monday 09:00 EST is 14:00 UTC.
    const ny = businessHoursSchema.parse({ time_zone: "America/New_York", weekly: weekdays([{ from: "09:00", to: "17:00" }]) });
    expect(nextOpening(ny, new Date("2026-10-30T22:00:00Z"))?.at).toEqual(new Date("2026-11-02T14:00:00Z"));
  });

  it("an opening time a spring-forward skips lands just after the gap", () => {
    expect(instantOf("Europe/Berlin", "2026-03-29", 150)).toEqual(new Date("2026-03-29T01:30:00Z")); // 02:30 does not exist: 03:30 CEST
    expect(instantOf("Europe/Berlin", "2026-10-25", 180)).toEqual(new Date("2026-10-25T02:00:00Z")); // 03:00 CET after the fall-back
  });

  it("says when the team is back: today's time, else the weekday", () => {
    const friday = new Date("2026-12-04T18:00:00Z");
    expect(backLabel(berlin, nextOpening(berlin, friday)!, friday, "en", words)).toBe("Back Monday at 09:00");
    const early = new Date("2026-12-07T06:00:00Z");
    expect(backLabel(berlin, nextOpening(berlin, early)!, early, "en", words)).toBe("Back at 09:00");
    expect(backLabel(berlin, nextOpening(berlin, friday)!, friday, "de", { backAt: "Ab {time}", backOn: "Ab {day}, {time}" })).toBe("Ab Montag, 09:00");
  });

  it("rejects overlapping intervals, one ending before it starts and an unknown zone, naming the field", () => {
    const bad = businessHoursSchema.safeParse({
      time_zone: "Mars/Olympus",
      weekly: { ...weekdays([]), mon: [{ from: "09:00", to: "12:00" }, { from: "11:00", to: "14:00" }], tue: [{ from: "17:00", to: "09:00" }] },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["time_zone", "weekly.mon.1.from", "weekly.tue.0.to"]));
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
  });
});
