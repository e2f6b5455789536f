import { describe, expect, it } from "vitest";
import { busiestDays, channelsOf, valueOf } from "./figures";
import { percentChange } from "./report";

describe("the report's derived figures", () => {
  it("hours saved are answered conversations × minutes, and their value at the hourly rate", () => {
    expect(valueOf(90, { minutesPerConversation: 4, hourlyRate: null, currency: null })).toEqual({ hours_saved: 6, value_saved: null });
    expect(valueOf(100, { minutesPerConversation: 4, hourlyRate: 45, currency: "EUR" })).toEqual({ hours_saved: 6.7, value_saved: { amount: 300, currency: "EUR" } });
    expect(valueOf(0, { minutesPerConversation: 4, hourlyRate: 45, currency: "EUR" })).toEqual({ hours_saved: 0, value_saved: { amount: 0, currency: "EUR" } });
  });

  it("busiest days add the days of the period up per weekday, Monday first", () => {
    // 2026-11-16 is a Monday, 2026-11-22 a Sunday, 2026-11-23 the next Monday.
    const days = busiestDays({ "2026-11-16": 3, "2026-11-22": 2, "2026-11-23": 4 });
    expect(days[0]).toEqual({ weekday: "Monday", conversations: 7 });
    expect(days[6]).toEqual({ weekday: "Sunday", conversations: 2 });
    expect(days.reduce((s, d) => s + d.conversations, 0)).toBe(9);
  });

  it("channels are the chatbots' surfaces added up, the largest first", () => {
    const byHour = new Array<number>(24).fill(0);
    expect(
      channelsOf([
        { byHour, bySource: { widget: 5, telegram: 1 }, handedToPerson: 0, answeredByBot: 0 },
        { byHour, bySource: { widget: 2, api: 1 }, handedToPerson: 0, answeredByBot: 0 },
      ]),
    ).toEqual([
      { channel: "widget", conversations: 7 },
      { channel: "api", conversations: 1 },
      { channel: "telegram", conversations: 1 },
    ]);
  });

  it("changes are in percent of the previous period, null after nothing", () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 0)).toBeNull();
  });
});
