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
    const rollup = { current: sums({ positive_feedback: 4, negative_feedback: 8 }), previous: sums({ positive_feedback: 4, negative_feedback: 2 }), conversationsByDay: {} };
    expect(feedbackTotals(rollup)).toEqual({ positive: 4, negative: 8, previous_positive: 4, previous_negative: 2 });
  });
});

describe("summarizePeriod", () => {
  it("derives the headline figures from the sums and fills the days without conversations with zero", () => {
    const p = period("2026-03-10", "2026-03-11"); // previous: 03-08..03-09
    const s = summarizePeriod(p, {
      current: sums({ conversations: 2, classified: 1, negative: 0, messages: 5, questions: 3, answered: 2 }),
      previous: sums({ conversations: 1, classified: 1, negative: 1, messages: 4, questions: 2, answered: 1 }),
      conversationsByDay: { "2026-03-08": 1, "2026-03-10": 2, "2026-03-20": 7 },
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
    expect(summarizePeriod(p, { current: NO_SUMS, previous: NO_SUMS, conversationsByDay: {} }).current.answeredQuestionsPercentage).toBe(0);
  });

  it("leaves out the previous period's days unless asked (the REST result has no place for them)", () => {
    const p = period("2026-03-10", "2026-03-11");
    const s = summarizePeriod(p, { current: NO_SUMS, previous: NO_SUMS, conversationsByDay: { "2026-03-10": 2 } }, { previousDays: false });
    expect(s.previousConversationsPerDay).toBeNull();
    expect(s.conversationsPerDay).toEqual({ "2026-03-10": 2, "2026-03-11": 0 });
  });
});
