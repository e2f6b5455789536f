/**
 * Pure arithmetic from the period sums and per-day conversation counts to the headline metrics
 * of a period and of the period before it (docs/analytics.md).
 */
import { dayList, percentage, ratio2, ratioInt, type AnalyticsPeriod } from "@/server/analytics/period";

/** Sums of the daily rollup over one period: its conversations' counters and the ratings given in it. */
export interface PeriodSums {
  conversations: number;
  /** Conversations with a sentiment. */
  classified: number;
  negative: number;
  messages: number;
  questions: number;
  answered: number;
  positive_feedback: number;
  negative_feedback: number;
}

/** What the rollups statement returns: the sums of the period and of the one before, and conversations per day of both (days without any left out). */
export interface PeriodRollup {
  current: PeriodSums;
  previous: PeriodSums;
  conversationsByDay: Record<string, number>;
}

export const NO_SUMS: PeriodSums = {
  conversations: 0,
  classified: 0,
  negative: 0,
  messages: 0,
  questions: 0,
  answered: 0,
  positive_feedback: 0,
  negative_feedback: 0,
};

export interface PeriodTotals {
  conversations: number;
  averageConversationsPerDay: number;
  answeredQuestionsPercentage: number;
  negativeSentimentPercentage: number;
  messagesPerConversation: number;
}

export interface PeriodSummary {
  current: PeriodTotals;
  previous: PeriodTotals;
  /** One entry per day of the period, zeros included, in day order. */
  conversationsPerDay: Record<string, number>;
  /** The same for the previous period, when asked for (the dashboard's comparison line); else null. */
  previousConversationsPerDay: Record<string, number> | null;
}

function totals(sums: PeriodSums, days: number): PeriodTotals {
  return {
    conversations: sums.conversations,
    averageConversationsPerDay: ratio2(sums.conversations, days),
    answeredQuestionsPercentage: percentage(sums.answered, sums.questions),
    negativeSentimentPercentage: percentage(sums.negative, sums.classified),
    messagesPerConversation: ratioInt(sums.messages, sums.conversations),
  };
}

export function summarizePeriod(period: AnalyticsPeriod, rollup: PeriodRollup, opts: { previousDays: boolean } = { previousDays: true }): PeriodSummary {
  const perDay = (from: string, to: string) => Object.fromEntries(dayList(from, to).map((d) => [d, rollup.conversationsByDay[d] ?? 0]));
  return {
    current: totals(rollup.current, period.days),
    previous: totals(rollup.previous, period.days),
    conversationsPerDay: perDay(period.from, period.to),
    previousConversationsPerDay: opts.previousDays ? perDay(period.previousFrom, period.previousTo) : null,
  };
}

export interface FeedbackTotals {
  positive: number;
  negative: number;
  previous_positive: number;
  previous_negative: number;
}

/** Ratings of the period and of the previous period. */
export function feedbackTotals(rollup: PeriodRollup): FeedbackTotals {
  return {
    positive: rollup.current.positive_feedback,
    negative: rollup.current.negative_feedback,
    previous_positive: rollup.previous.positive_feedback,
    previous_negative: rollup.previous.negative_feedback,
  };
}
