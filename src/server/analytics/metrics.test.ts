import { describe, expect, it } from "vitest";
import { feedbackTotals, summarizePeriod, type DayCounts } from "@/server/analytics/metrics";
import { resolvePeriod, type AnalyticsPeriod } from "@/server/analytics/period";

function period(from: string, to: string): AnalyticsPeriod {
  const resolved = resolvePeriod({ from, to }, new Date("2026-03-31T12:00:00Z"));
  if (!resolved.ok) throw new Error("bad period");
  return resolved.period;
}

const day = (d: string, counts: Partial<Omit<DayCounts, "day">>): DayCounts => ({
  day: d,
  conversations: 0,
  classified: 0,
  negative: 0,
  messages: 0,
  questions: 0,
  answered: 0,
  ...counts,
});

describe("feedbackTotals", () => {
  it("splits the daily ratings into the period and the previous period, ignoring other days", () => {
    const p = period("2026-03-10", "2026-03-12"); // previous: 03-07..03-09
    const rows = [
      { day: "2026-03-06", positive_feedback: 100, negative_feedback: 100 },
      { day: "2026-03-07", positive_feedback: 1, negative_feedback: 2 },
      { day: "2026-03-09", positive_feedback: 3, negative_feedback: 0 },
      { day: "2026-03-10", positive_feedback: 5, negative_feedback: 7 },
      { day: "2026-03-12", positive_feedback: -1, negative_feedback: 1 },
      { day: "2026-03-13", positive_feedback: 100, negative_feedback: 100 },
    ];
    expect(feedbackTotals(p, rows)).toEqual({ positive: 4, negative: 8, previous_positive: 4, previous_negative: 2 });
    expect(feedbackTotals(p, [])).toEqual({ positive: 0, negative: 0, previous_positive: 0, previous_negative: 0 });
  });
});

describe("summarizePeriod", () => {
  it("adds up days, keeps days without conversations (ratings only) at zero and fills missing days", () => {
    const p = period("2026-03-10", "2026-03-11");
    const s = summarizePeriod(p, [
      day("2026-03-08", { conversations: 1, classified: 1, negative: 1, messages: 4, questions: 2, answered: 1 }),
      day("2026-03-10", { conversations: 2, classified: 1, negative: 0, messages: 5, questions: 3, answered: 2 }),
      day("2026-03-11", {}),
    ]);
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
  });
});
