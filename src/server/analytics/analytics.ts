import { poolOf, type Db } from "@/server/kernel/db/client";
import type { AnalyticsPeriod } from "@/server/analytics/period";
import { periodSpans } from "@/server/analytics/spans";
import { feedbackTotals, summarizePeriod, type PeriodRollup, type PeriodSums } from "@/server/analytics/metrics";
import type { AnalyticsResult, InsightList } from "@/server/analytics/serializer";
import type { LiveChatFigures } from "@/server/analytics/live-chat-figures";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

/**
 * Analytics for one chatbot and period, computed from the stored rows on
 * every call (docs/analytics.md has the definition of every number), read
 * from rollups that triggers keep exact in every writing transaction
 * (src/server/analytics/sql/rollups.sql), so a request reads a bounded
 * number of rows whatever the chatbot's history (docs/decisions/067-reads-flat-with-volume.md): what is additive
 * per UTC day (conversations with their sentiment and message counters,
 * ratings, categories, widget events) from the daily rollups, a few hundred
 * rows for a year; the distinct counts over the period (visitors per
 * country, leads, unique link clicks, conversations per link) from
 * `analytics_distinct_days`, where a key present in the period is counted on
 * its first day in it (docs/decisions/065-analytics-distinct-rollups.md),
 * summed per whole month and dekad (`analytics_distinct_spans`, record 089).
 *
 * A result is kept in process memory with the chatbot's analytics version it
 * was read at, and answered again while that version is unchanged: one
 * indexed sum instead of the rollups statement
 * (docs/decisions/096-analytics-kept-while-unchanged.md).
 */
export const POPULAR_LIMIT = 10;

/** The daily rollup's columns summed per period (metrics.ts `PeriodSums`). */
const SUMS = ["conversations", "classified", "negative", "messages", "questions", "answered", "positive_feedback", "negative_feedback"] as const;

export interface StoredInsights {
  computedAt: Date;
  answered: InsightList | null;
  unanswered: InsightList | null;
}

export interface AnalyticsData {
  /** The rollups' figures; the live chat's (live-chat-figures.ts) are read beside them, per request. */
  result: Omit<AnalyticsResult, "insights" | keyof LiveChatFigures>;
  /** The insight themes stored for exactly this period (null: the job has not run for it). */
  insights: StoredInsights | null;
  /** The previous period day by day, for the dashboard's comparison line (null unless asked for: `previousDays`). */
  previousConversationsPerDay: Record<string, number> | null;
  /** The rollup sums the figures were computed from (the value report adds several chatbots' up: reports/figures.ts). */
  sums: { current: PeriodSums; previous: PeriodSums };
}

/** A subquery's rows as one JSON array ([] when none). */
const jsonRows = (query: string) => `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${query}) r)`;

/** The most frequent values of one kind of `analytics_day_values` in the period, per whole month and dekad from `analytics_value_spans` (record 089). */
const popularValues = (kind: "category" | "event") => `
  SELECT value, sum(count)::int AS count
    FROM (SELECT value, count FROM analytics_value_spans
           WHERE chatbot_id = $1::uuid AND kind = '${kind}' AND grain = 'month' AND start = ANY($7::date[])
          UNION ALL
          SELECT value, count FROM analytics_value_spans
           WHERE chatbot_id = $1::uuid AND kind = '${kind}' AND grain = 'dekad' AND start = ANY($8::date[])
          UNION ALL
          SELECT value, count FROM analytics_day_values
           WHERE chatbot_id = $1::uuid AND kind = '${kind}' AND day = ANY($9::date[])) v
   GROUP BY value HAVING sum(count) > 0 ORDER BY count DESC, value ASC LIMIT ${POPULAR_LIMIT}`;

/** The distinct kinds read: leads only when they are counted at all (`$6`). */
const DISTINCT_KINDS = `CASE WHEN $6::boolean THEN ARRAY['country', 'link', 'lead'] ELSE ARRAY['country', 'link'] END`;

/** The chatbot's analytics version (`$1`): grows in every transaction that changes what the statement below reads. */
const VERSION = `SELECT coalesce(sum(n), 0)::text AS version FROM analytics_versions WHERE chatbot_id = $1::uuid`;

/*
 * One named (prepared) statement over rollups only: its plan is the same for every chatbot and period,
 * so PostgreSQL keeps it. `$1` the chatbot, `$2` the first day, `$3` the last, `$4` the previous period's
 * first day, `$5` the period type, `$6` whether leads are counted at all, `$7`, `$8` and `$9` the period's
 * whole months, whole dekads and remaining days (spans.ts), `$10` whether the previous period's days are read
 * one by one (the dashboard's comparison line) or only summed.
 *
 * `distinct_keys`: per kind and dim, the keys present in the period — the rows of its days whose key was
 * not present in the days of the period before (prev_day < first day), read per whole month and dekad from
 * `analytics_distinct_spans` and per remaining day from `analytics_distinct_days`. A country's dim is its code, then
 * a tab and the stored name when there is one; a link's dim is its id, then ':c' for the clickers that are
 * conversations and ':o' for the others.
 */
const ANALYTICS = `
  WITH distinct_keys AS (
    SELECT kind, dim, sum(count)::int AS n
      FROM (SELECT kind, dim, count FROM analytics_distinct_spans
             WHERE chatbot_id = $1::uuid AND kind = ANY(${DISTINCT_KINDS}) AND grain = 'month' AND start = ANY($7::date[]) AND prev_day < $2::date
            UNION ALL
            SELECT kind, dim, count FROM analytics_distinct_spans
             WHERE chatbot_id = $1::uuid AND kind = ANY(${DISTINCT_KINDS}) AND grain = 'dekad' AND start = ANY($8::date[]) AND prev_day < $2::date
            UNION ALL
            SELECT kind, dim, count FROM analytics_distinct_days
             WHERE chatbot_id = $1::uuid AND kind = ANY(${DISTINCT_KINDS}) AND day = ANY($9::date[]) AND prev_day < $2::date) s
     GROUP BY kind, dim HAVING sum(count) > 0
  ), per_link AS (
    SELECT left(dim, 36)::uuid AS link_id, coalesce(sum(n) FILTER (WHERE right(dim, 2) = ':c'), 0)::int AS conversations_count, sum(n)::int AS unique_clicks
      FROM distinct_keys WHERE kind = 'link' GROUP BY 1
  )
  SELECT (SELECT json_build_object(
            'current', json_build_object(${SUMS.map((c) => `'${c}', coalesce(sum(${c}) FILTER (WHERE day >= $2::date), 0)`).join(", ")}),
            'previous', json_build_object(${SUMS.map((c) => `'${c}', coalesce(sum(${c}) FILTER (WHERE day < $2::date), 0)`).join(", ")}),
            'dayOffsets', coalesce(json_agg(day - $4::date) FILTER (WHERE conversations <> 0 AND ($10::boolean OR day >= $2::date)), '[]'::json),
            'dayCounts', coalesce(json_agg(conversations) FILTER (WHERE conversations <> 0 AND ($10::boolean OR day >= $2::date)), '[]'::json))
            FROM (SELECT day, ${SUMS.map((c) => `sum(${c})::int AS ${c}`).join(", ")}
                    FROM analytics_days
                   WHERE chatbot_id = $1::uuid AND day BETWEEN $4::date AND $3::date
                   GROUP BY day) d) AS rollup,
         ${jsonRows(popularValues("category"))} AS categories,
         ${jsonRows(popularValues("event"))} AS events,
         ${jsonRows(`
           SELECT l.id::text AS id, l.url, l.title, p.conversations_count, sum(p.unique_clicks) OVER ()::int AS unique_clicks
             FROM per_link p JOIN chatbot_links l ON l.id = p.link_id
            ORDER BY p.conversations_count DESC, l.url ASC, l.id ASC`)} AS links,
         ${jsonRows(`
           SELECT coalesce(max(name), code) AS country, code AS country_code, sum(n)::int AS visitors_count
             FROM (SELECT split_part(dim, E'\t', 1) AS code, nullif(substr(dim, strpos(dim, E'\t') + 1), dim) AS name, n
                     FROM distinct_keys WHERE kind = 'country') c
            GROUP BY code ORDER BY visitors_count DESC, country_code ASC LIMIT ${POPULAR_LIMIT}`)} AS countries,
         (SELECT coalesce(sum(n), 0)::int FROM distinct_keys WHERE kind = 'lead') AS leads,
         (SELECT json_build_object('computed_at_ms', (extract(epoch FROM created_at) * 1000)::float8, 'answered', answered, 'unanswered', unanswered)
            FROM insights WHERE chatbot_id = $1::uuid AND period_type = $5 AND period_start = $2::date AND period_end = $3::date) AS insight,
         (${VERSION}) AS version`;

interface AnalyticsRow {
  rollup: PeriodRollup;
  categories: { value: string; count: number }[];
  events: { value: string; count: number }[];
  links: { id: string | null; url: string | null; title: string | null; conversations_count: number; unique_clicks: number }[];
  countries: { country: string; country_code: string; visitors_count: number }[];
  leads: number;
  insight: { computed_at_ms: number; answered: InsightList | null; unanswered: InsightList | null } | null;
  version: string;
}

/** Results by chatbot, period and options, with the version each was read at; the oldest dropped past the bound. */
const MAX_KEPT = 256;
const kept = new BoundedMemo<string, { version: string; data: AnalyticsData }>(MAX_KEPT);
let hits = 0;

/** How many results were answered from memory (tests, diagnostics). */
export function analyticsMemoryHits(): number {
  return hits;
}

/** Forget every kept result (tests). */
export function forgetAnalytics(): void {
  kept.clear();
}

/**
 * The analytics of a chatbot and period: the kept result when the chatbot's
 * analytics version is the one it was read at, else read from the rollups.
 * The result is frozen: callers copy what they change.
 */
export async function computeAnalytics(db: Db, chatbotId: string, period: AnalyticsPeriod, opts: { includeLeads: boolean; previousDays?: boolean }): Promise<AnalyticsData> {
  const key = `${chatbotId} ${period.from} ${period.to} ${period.previousFrom} ${period.periodType} ${opts.includeLeads} ${opts.previousDays ?? false}`;
  const known = kept.get(key);
  if (known) {
    const { rows } = await poolOf(db).query<{ version: string }>({ name: "analytics_version", text: VERSION, values: [chatbotId] });
    if (rows[0]?.version === known.version) {
      hits++;
      // Most recently used last: the bound drops the least recently used.
      kept.delete(key);
      kept.set(key, known);
      return known.data;
    }
  }
  const { version, data } = await readAnalytics(db, chatbotId, period, opts);
  kept.delete(key);
  kept.set(key, { version, data: deepFreeze(data) });
  return data;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** One read of the rollups statement, with the version it read them at (the same snapshot). */
async function readAnalytics(db: Db, chatbotId: string, period: AnalyticsPeriod, opts: { includeLeads: boolean; previousDays?: boolean }): Promise<{ version: string; data: AnalyticsData }> {
  const { from, to, previousFrom } = period;
  const spans = periodSpans(from, to);
  const {
    rows: [row],
  } = await poolOf(db).query<AnalyticsRow>({
    name: "analytics",
    text: ANALYTICS,
    values: [chatbotId, from, to, previousFrom, period.periodType, opts.includeLeads, spans.months, spans.dekads, spans.days, opts.previousDays ?? false],
  });
  const { rollup, categories, events, links, countries, leads, insight, version } = row!;

  const summary = summarizePeriod(period, rollup, { previousDays: opts.previousDays ?? false });
  const fb = feedbackTotals(rollup);
  const data: AnalyticsData = {
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
      leads: opts.includeLeads ? leads : null,
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
        popularCategories: categories.map((c) => ({ name: c.value, conversations_count: c.count })),
        popularEvents: events.map((e) => ({ value: e.value, click_count: e.count })),
        topCountries: countries,
      },
    },
    previousConversationsPerDay: summary.previousConversationsPerDay,
    insights: storedInsights(insight),
    sums: { current: rollup.current, previous: rollup.previous },
  };
  return { version, data };
}

/** The stored insight themes of a period, as the rollups statement reads them (null: the job has not run for it). */
function storedInsights(insight: AnalyticsRow["insight"]): StoredInsights | null {
  if (!insight) return null;
  return { computedAt: new Date(insight.computed_at_ms), answered: insight.answered ?? null, unanswered: insight.unanswered ?? null };
}
