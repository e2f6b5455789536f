/**
 * Pure arithmetic from per-day conversation counts to the headline metrics
 * of a period and of the period before it (docs/analytics.md).
 */
import { dayList, percentage, ratio2, ratioInt, type AnalyticsPeriod } from "@/server/analytics/period";

/** Conversations started on one UTC day, with the counters of their messages. */
export interface DayCounts {
  day: string;
  conversations: number;
  /** Conversations with a sentiment. */
  classified: number;
  negative: number;
  messages: number;
  questions: number;
  answered: number;
}

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
  previousConversationsPerDay: Record<string, number>;
}

function totals(rows: DayCounts[], days: number): PeriodTotals {
  const sum = (key: keyof Omit<DayCounts, "day">) => rows.reduce((acc, r) => acc + r[key], 0);
  const conversations = sum("conversations");
  return {
    conversations,
    averageConversationsPerDay: ratio2(conversations, days),
    answeredQuestionsPercentage: percentage(sum("answered"), sum("questions")),
    negativeSentimentPercentage: percentage(sum("negative"), sum("classified")),
    messagesPerConversation: ratioInt(sum("messages"), conversations),
  };
}

/** Rows for days outside both periods are ignored. */
export function summarizePeriod(period: AnalyticsPeriod, rows: DayCounts[]): PeriodSummary {
  const inRange = (from: string, to: string) => rows.filter((r) => r.day >= from && r.day <= to);
  const current = inRange(period.from, period.to);
  const previous = inRange(period.previousFrom, period.previousTo);
  const perDay = (from: string, to: string, list: DayCounts[]) => {
    const byDay = new Map(list.map((r) => [r.day, r.conversations]));
    return Object.fromEntries(dayList(from, to).map((d) => [d, byDay.get(d) ?? 0]));
  };
  return {
    current: totals(current, period.days),
    previous: totals(previous, period.days),
    conversationsPerDay: perDay(period.from, period.to, current),
    previousConversationsPerDay: perDay(period.previousFrom, period.previousTo, previous),
  };
}

/** Ratings given on one UTC day (the daily rollup's feedback columns). */
export interface DayFeedback {
  day: string;
  positive_feedback: number;
  negative_feedback: number;
}

export interface FeedbackTotals {
  positive: number;
  negative: number;
  previous_positive: number;
  previous_negative: number;
}

/** Ratings of the period and of the previous period; rows for days outside both are ignored. */
export function feedbackTotals(period: AnalyticsPeriod, rows: DayFeedback[]): FeedbackTotals {
  const totals: FeedbackTotals = { positive: 0, negative: 0, previous_positive: 0, previous_negative: 0 };
  for (const r of rows) {
    if (r.day >= period.from && r.day <= period.to) {
      totals.positive += r.positive_feedback;
      totals.negative += r.negative_feedback;
    } else if (r.day >= period.previousFrom && r.day <= period.previousTo) {
      totals.previous_positive += r.positive_feedback;
      totals.previous_negative += r.negative_feedback;
    }
  }
  return totals;
}
