/**
 * Pure arithmetic from the period sums and per-day conversation counts to the headline metrics
 * of a period and of the period before it (docs/analytics.md).
 */
import { cachedDayList, percentage, ratio2, ratioInt, type AnalyticsPeriod } from "@/server/analytics/period";

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

/**
 * What the rollups statement returns: the sums of the period and of the one before, and conversations per
 * day (days without any left out) as two arrays: `dayCounts[i]` conversations on the day `dayOffsets[i]`
 * days after the previous period's first day, so the period's own days are offsets `days` to `2 × days − 1`.
 * Numbers, not `YYYY-MM-DD` keys: a year is 365 entries, and PostgreSQL formatting a date, JSON parsing an
 * object of 365 keys and zod checking it were a third of the server's work for a year's analytics (docs/decisions/093-native-spread-in-trpc.md).
 */
export interface PeriodRollup {
  current: PeriodSums;
  previous: PeriodSums;
  dayOffsets: number[];
  dayCounts: number[];
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
  const byOffset = new Array<number>(2 * period.days).fill(0);
  rollup.dayOffsets.forEach((offset, i) => {
    if (offset >= 0 && offset < byOffset.length) byOffset[offset] = rollup.dayCounts[i]!;
  });
  /** One entry per day from `from` to `to`, whose first day is offset `first`. */
  const perDay = (from: string, to: string, first: number) => {
    const days = cachedDayList(from, to);
    // No prototype: 365 keys are added ~3× faster, and the result is only read and written as JSON.
    const counts: Record<string, number> = Object.create(null);
    for (let i = 0; i < days.length; i++) counts[days[i]!] = byOffset[first + i]!;
    return counts;
  };
  return {
    current: totals(rollup.current, period.days),
    previous: totals(rollup.previous, period.days),
    conversationsPerDay: perDay(period.from, period.to, period.days),
    previousConversationsPerDay: opts.previousDays ? perDay(period.previousFrom, period.previousTo, 0) : null,
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
