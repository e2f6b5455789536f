import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import type { AnalyticsPeriod } from "@/server/domain/analytics-period";
import { feedbackTotals, summarizePeriod, type DayCounts, type DayFeedback } from "@/server/domain/analytics-metrics";
import type { AnalyticsResult, InsightList } from "@/server/serializers/analytics";

/**
 * Analytics for one chatbot and period, computed from the stored rows on
 * every call (docs/analytics.md has the definition of every number). Six
 * small indexed queries run side by side. What is additive per UTC day
 * (conversations with their sentiment and message counters, ratings,
 * categories, widget events) is read from the daily rollups that statement
 * triggers keep exact in every writing transaction (migrations
 * 20261121120000_analytics and 20261123220000_analytics_rollups): a few
 * hundred rows for a year. Distinct counts over the period (countries, unique
 * link clicks, leads) are not additive per day and read the base rows.
 */
export const POPULAR_LIMIT = 10;

/** A day of the rollup: its conversations' counts and the ratings given that day. */
type DayRow = DayCounts & DayFeedback;

export interface AnalyticsData {
  result: Omit<AnalyticsResult, "insights">;
  /** The previous period day by day, for the dashboard's comparison line. */
  previousConversationsPerDay: Record<string, number>;
}

/** `[from, to]` as a half-open instant range on `col`: index-friendly, UTC days. */
function inDays(col: Prisma.Sql, from: string, to: string): Prisma.Sql {
  return Prisma.sql`${col} >= (${from}::date)::timestamp AT TIME ZONE 'UTC' AND ${col} < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
}

const col = (name: string) => Prisma.raw(`"${name}"`);

export async function computeAnalytics(db: Db, chatbotId: string, period: AnalyticsPeriod, opts: { includeLeads: boolean }): Promise<AnalyticsData> {
  const { from, to, previousFrom } = period;
  const createdAt = col("created_at");
  const current = inDays(createdAt, from, to);
  const [days, links, categories, events, countries, leads] = await Promise.all([
    db.$queryRaw<DayRow[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(conversations)::int AS conversations, sum(classified)::int AS classified,
             sum(negative)::int AS negative, sum(messages)::int AS messages, sum(questions)::int AS questions,
             sum(answered)::int AS answered, sum(positive_feedback)::int AS positive_feedback, sum(negative_feedback)::int AS negative_feedback
        FROM analytics_days
       WHERE chatbot_id = ${chatbotId}::uuid AND day BETWEEN ${previousFrom}::date AND ${to}::date
       GROUP BY day`,
    db.$queryRaw<{ id: string | null; url: string | null; title: string | null; conversations_count: number; unique_clicks: number }[]>`
      WITH unique_clicks AS (
        SELECT link_id, coalesce(conversation_id, visitor_id, id) AS clicker, bool_or(conversation_id IS NOT NULL) AS in_conversation
          FROM link_clicks WHERE chatbot_id = ${chatbotId}::uuid AND ${current}
         GROUP BY 1, 2
      ), per_link AS (
        SELECT link_id, count(*) FILTER (WHERE in_conversation)::int AS conversations_count, count(*)::int AS unique_clicks
          FROM unique_clicks GROUP BY link_id
      )
      SELECT l.id::text AS id, l.url, l.title, p.conversations_count, sum(p.unique_clicks) OVER ()::int AS unique_clicks
        FROM per_link p JOIN chatbot_links l ON l.id = p.link_id
       ORDER BY p.conversations_count DESC, l.url ASC, l.id ASC`,
    db.$queryRaw<{ name: string; conversations_count: number }[]>`
      SELECT value AS name, sum(count)::int AS conversations_count
        FROM analytics_day_values
       WHERE chatbot_id = ${chatbotId}::uuid AND kind = 'category' AND day BETWEEN ${from}::date AND ${to}::date
       GROUP BY value HAVING sum(count) > 0 ORDER BY conversations_count DESC, name ASC LIMIT ${POPULAR_LIMIT}`,
    db.$queryRaw<{ value: string; click_count: number }[]>`
      SELECT value, sum(count)::int AS click_count
        FROM analytics_day_values
       WHERE chatbot_id = ${chatbotId}::uuid AND kind = 'event' AND day BETWEEN ${from}::date AND ${to}::date
       GROUP BY value HAVING sum(count) > 0 ORDER BY click_count DESC, value ASC LIMIT ${POPULAR_LIMIT}`,
    db.$queryRaw<{ country: string; country_code: string; visitors_count: number }[]>`
      SELECT coalesce(max(v.country), upper(v.country_code)) AS country, upper(v.country_code) AS country_code, count(*)::int AS visitors_count
        FROM visitors v
       WHERE v.id IN (SELECT visitor_id FROM conversations WHERE chatbot_id = ${chatbotId}::uuid AND ${current})
         AND v.country_code IS NOT NULL AND v.country_code <> ''
       GROUP BY upper(v.country_code) ORDER BY visitors_count DESC, country_code ASC LIMIT ${POPULAR_LIMIT}`,
    opts.includeLeads
      ? db.$queryRaw<{ leads: number }[]>`
          SELECT count(DISTINCT visitor_id)::int AS leads
            FROM contacts
           WHERE chatbot_id = ${chatbotId}::uuid AND ${current} AND (email <> '' OR coalesce(phone, '') <> '')`
      : Promise.resolve(null),
  ]);

  const summary = summarizePeriod(period, days);
  const fb = feedbackTotals(period, days);
  return {
    result: {
      fromDate: from,
      toDate: to,
      totalConversations: summary.current.conversations,
      averageConversationsPerDay: summary.current.averageConversationsPerDay,
      answeredQuestionsPercentage: summary.current.answeredQuestionsPercentage,
      negativeSentimentPercentage: summary.current.negativeSentimentPercentage,
      messagesPerConversation: summary.current.messagesPerConversation,
      positiveFeedback: fb.positive,
      negativeFeedback: fb.negative,
      uniqueLinkClicks: links[0]?.unique_clicks ?? 0,
      leads: leads ? (leads[0]?.leads ?? 0) : null,
      previousPeriodConversations: summary.previous.conversations,
      previousPeriodPositiveFeedback: fb.previous_positive,
      previousPeriodNegativeFeedback: fb.previous_negative,
      previousPeriodAnsweredQuestionsPercentage: summary.previous.answeredQuestionsPercentage,
      previousPeriodNegativeSentimentPercentage: summary.previous.negativeSentimentPercentage,
      previousPeriodMessagesPerConversation: summary.previous.messagesPerConversation,
      conversationsPerDay: summary.conversationsPerDay,
      popular: {
        popularLinks: links
          .filter((l) => l.conversations_count > 0)
          .slice(0, POPULAR_LIMIT)
          .map((l) => ({ id: l.id ?? "", url: l.url ?? "", title: l.title ?? "", conversations_count: l.conversations_count })),
        popularCategories: categories,
        popularEvents: events,
        topCountries: countries,
      },
    },
    previousConversationsPerDay: summary.previousConversationsPerDay,
  };
}

/** The stored insight themes for exactly this period, if the job has run for it. */
export async function findInsights(db: Db, chatbotId: string, period: AnalyticsPeriod) {
  const row = await db.insight.findUnique({
    where: {
      chatbotId_periodType_periodStart_periodEnd: {
        chatbotId,
        periodType: period.periodType,
        periodStart: new Date(`${period.from}T00:00:00Z`),
        periodEnd: new Date(`${period.to}T00:00:00Z`),
      },
    },
  });
  if (!row) return null;
  return {
    computedAt: row.createdAt,
    answered: (row.answered as InsightList | null) ?? null,
    unanswered: (row.unanswered as InsightList | null) ?? null,
  };
}
