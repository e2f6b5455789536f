/**
 * A client's figures for one period (docs/decisions/113-the-value-report.md), computed from the analytics
 * capability's own functions: each chatbot's `computeAnalytics` (what `GET /v1/{chatbot_id}/analytics`
 * answers for the same `from`/`to`) and its `conversationBreakdown` (hours, channels, people); the client's
 * totals are the chatbots' sums, its rates recomputed from the summed counts with the same rounding.
 */
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { computeAnalytics, conversationBreakdown, formatIsoDate, percentage, resolvePeriod, type ConversationBreakdown } from "@/server/analytics";
import { isoWeekday, WEEKDAYS, type ReportPeriod } from "@/server/reports/period";

export interface ValueSettings {
  minutesPerConversation: number;
  hourlyRate: number | null;
  currency: string | null;
}

/** The counts a chatbot and a whole client are reported with. */
interface Counts {
  conversations: number;
  questions: number;
  answered_questions: number;
  /** Answered questions / questions × 100, 2 decimals (the analytics result's `answeredQuestionsPercentage`). */
  answered_rate: number;
  handed_to_person: number;
  leads: number;
  positive_feedback: number;
  negative_feedback: number;
}

export interface ChatbotFigures extends Counts {
  chatbot_id: string;
  name: string;
}

export interface PeriodFigures extends Counts {
  from: string;
  to: string;
  /** Customer satisfaction ratings: none are collected yet, so always null (thumbs feedback is not CSAT). */
  csat: number | null;
  /** Conversations the bot answered alone (at least one answered question, no person). */
  answered_conversations: number;
  minutes_per_conversation: number;
  hours_saved: number;
  value_saved: { amount: number; currency: string } | null;
  conversations_per_day: Record<string, number>;
  busiest_hours: { hour: number; conversations: number }[];
  busiest_days: { weekday: (typeof WEEKDAYS)[number]; conversations: number }[];
  channels: { channel: string; conversations: number }[];
  chatbots: ChatbotFigures[];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Answered conversations × minutes each, in hours (1 decimal), and their worth at the hourly rate (2 decimals). */
export function valueOf(answeredConversations: number, settings: ValueSettings) {
  const hours = round((answeredConversations * settings.minutesPerConversation) / 60, 1);
  const value = settings.hourlyRate !== null && settings.currency ? { amount: round(((answeredConversations * settings.minutesPerConversation) / 60) * settings.hourlyRate, 2), currency: settings.currency } : null;
  return { hours_saved: hours, value_saved: value };
}

/** The figures of a client's chatbots for one period. */
export async function periodFigures(db: Db, chatbots: Pick<Chatbot, "id" | "name">[], period: ReportPeriod, settings: ValueSettings): Promise<PeriodFigures> {
  const resolved = resolvePeriod({ from: period.from, to: period.to }, new Date());
  if (!resolved.ok) throw new Error(`report period ${period.key}: ${JSON.stringify(resolved.errors)}`);
  const per = await Promise.all(
    chatbots.map(async (c) => {
      const [analytics, breakdown] = await Promise.all([computeAnalytics(db, c.id, resolved.period, { includeLeads: true }), conversationBreakdown(db, c.id, period.from, period.to)]);
      return { chatbot: c, analytics, breakdown };
    }),
  );
  const sum = (f: (p: (typeof per)[number]) => number) => per.reduce((s, p) => s + f(p), 0);
  const questions = sum((p) => p.analytics.sums.current.questions);
  const answered = sum((p) => p.analytics.sums.current.answered);
  // Every day of the period, zeros included (a client without chatbots too).
  const perDay: Record<string, number> = {};
  for (let d = period.first; d <= period.last; d++) perDay[formatIsoDate(d)] = 0;
  for (const p of per) for (const [day, n] of Object.entries(p.analytics.result.conversationsPerDay)) perDay[day] = (perDay[day] ?? 0) + n;
  const answeredConversations = sum((p) => p.breakdown.answeredByBot);
  return {
    from: period.from,
    to: period.to,
    conversations: sum((p) => p.analytics.result.totalConversations),
    questions,
    answered_questions: answered,
    answered_rate: percentage(answered, questions),
    handed_to_person: sum((p) => p.breakdown.handedToPerson),
    leads: sum((p) => p.analytics.result.leads ?? 0),
    csat: null,
    positive_feedback: sum((p) => p.analytics.result.positiveFeedback),
    negative_feedback: sum((p) => p.analytics.result.negativeFeedback),
    answered_conversations: answeredConversations,
    minutes_per_conversation: settings.minutesPerConversation,
    ...valueOf(answeredConversations, settings),
    conversations_per_day: perDay,
    busiest_hours: busiestHours(per.map((p) => p.breakdown)),
    busiest_days: busiestDays(perDay),
    channels: channelsOf(per.map((p) => p.breakdown)),
    chatbots: per.map(({ chatbot, analytics, breakdown }) => ({
      chatbot_id: chatbot.id,
      name: chatbot.name,
      conversations: analytics.result.totalConversations,
      questions: analytics.sums.current.questions,
      answered_questions: analytics.sums.current.answered,
      answered_rate: analytics.result.answeredQuestionsPercentage,
      handed_to_person: breakdown.handedToPerson,
      leads: analytics.result.leads ?? 0,
      positive_feedback: analytics.result.positiveFeedback,
      negative_feedback: analytics.result.negativeFeedback,
    })),
  };
}

/** Conversations per UTC hour, all 24 in order. */
export function busiestHours(breakdowns: ConversationBreakdown[]) {
  return Array.from({ length: 24 }, (_, hour) => ({ hour, conversations: breakdowns.reduce((s, b) => s + b.byHour[hour]!, 0) }));
}

/** Conversations per weekday (Monday first), from the conversations per day. */
export function busiestDays(perDay: Record<string, number>) {
  const counts = new Array<number>(7).fill(0);
  for (const [day, n] of Object.entries(perDay)) counts[isoWeekday(Date.parse(`${day}T00:00:00Z`) / 86_400_000) - 1]! += n;
  return WEEKDAYS.map((weekday, i) => ({ weekday, conversations: counts[i]! }));
}

/** Conversations per surface, the largest first (ties: by name). */
export function channelsOf(breakdowns: ConversationBreakdown[]) {
  const counts = new Map<string, number>();
  for (const b of breakdowns) for (const [source, n] of Object.entries(b.bySource)) counts.set(source, (counts.get(source) ?? 0) + n);
  return [...counts].map(([channel, conversations]) => ({ channel, conversations })).sort((a, b) => b.conversations - a.conversations || (a.channel < b.channel ? -1 : 1));
}
