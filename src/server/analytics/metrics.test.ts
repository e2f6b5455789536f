import { describe, expect, it } from "vitest";
import { NO_SUMS, feedbackTotals, summarizePeriod, type PeriodSums } from "@/server/analytics/metrics";
import { resolvePeriod, type AnalyticsPeriod } from "@/server/analytics/period";

function period(from: string, to: string): AnalyticsPeriod {
  const resolved = resolvePeriod({ from, to }, new Date("2026-03-31T12:00:00Z"));
  if (!resolved.ok) throw new Error("bad period");
  return resolved.period;
}

const sums = (counts: Partial<PeriodSums>): PeriodSums => ({ ...NO_SUMS, ...counts });

describe("feedbackTotals", () => {
  it("reads the ratings of the period and of the previous period", () => {
    const rollup = { current: sums({ positive_feedback: 4, negative_feedback: 8 }), previous: sums({ positive_feedback: 4, negative_feedback: 2 }), dayOffsets: [], dayCounts: [] };
    expect(feedbackTotals(rollup)).toEqual({ positive: 4, negative: 8, previous_positive: 4, previous_negative: 2 });
  });
});

describe("summarizePeriod", () => {
  it("derives the headline figures from the sums and fills the days without conversations with zero", () => {
    const p = period("2026-03-10", "2026-03-11"); // previous: 03-08..03-09
    const s = summarizePeriod(p, {
      current: sums({ conversations: 2, classified: 1, negative: 0, messages: 5, questions: 3, answered: 2 }),
      previous: sums({ conversations: 1, classified: 1, negative: 1, messages: 4, questions: 2, answered: 1 }),
      // Offsets from the previous period's first day (03-08); 03-20 (12) lies outside both periods.
      dayOffsets: [0, 2, 12],
      dayCounts: [1, 2, 7],
    });
    expect(s.conversationsPerDay).toEqual({ "2026-03-10": 2, "2026-03-11": 0 });
    expect(s.previousConversationsPerDay).toEqual({ "2026-03-08": 1, "2026-03-09": 0 });
    expect(s.current).toEqual({
      conversations: 2,
      averageConversationsPerDay: 1,
      answeredQuestionsPercentage: 66.67,
      negativeSentimentPercentage: 0,
      messagesPerConversation: 3,
    });
    expect(s.previous.negativeSentimentPercentage).toBe(100);
    expect(summarizePeriod(p, { current: NO_SUMS, previous: NO_SUMS, dayOffsets: [], dayCounts: [] }).current.answeredQuestionsPercentage).toBe(0);
  });

  it("leaves out the previous period's days unless asked (the REST result has no place for them)", () => {
    const p = period("2026-03-10", "2026-03-11");
    const s = summarizePeriod(p, { current: NO_SUMS, previous: NO_SUMS, dayOffsets: [2], dayCounts: [2] }, { previousDays: false });
    expect(s.previousConversationsPerDay).toBeNull();
    expect(s.conversationsPerDay).toEqual({ "2026-03-10": 2, "2026-03-11": 0 });
  });

  it("places each day by its offset across a year, month ends and a leap day included", () => {
    const p = period("2023-03-01", "2024-02-29"); // 366 days; previous: 2022-02-28..2023-02-28
    const s = summarizePeriod(p, { current: NO_SUMS, previous: NO_SUMS, dayOffsets: [0, 365, 367, 731], dayCounts: [3, 4, 5, 6] });
    expect(Object.keys(s.conversationsPerDay)).toHaveLength(366);
    expect(s.previousConversationsPerDay!["2022-02-28"]).toBe(3);
    expect(s.previousConversationsPerDay!["2023-02-28"]).toBe(4);
    expect(s.conversationsPerDay["2023-03-01"]).toBe(0);
    expect(s.conversationsPerDay["2023-03-02"]).toBe(5);
    expect(s.conversationsPerDay["2024-02-29"]).toBe(6);
    expect(JSON.stringify(s.conversationsPerDay).startsWith('{"2023-03-01":0,"2023-03-02":5,')).toBe(true);
  });
});
