import { z } from "zod";
import { poolOf, type Db } from "@/server/kernel/db/client";
import type { AnalyticsPeriod } from "@/server/analytics/period";

/**
 * The live chat's figures of a period (docs/decisions/122-business-hours-routing-and-ratings.md), added to the
 * analytics result beside its documented fields (docs/analytics.md):
 * - `csat`: the ratings given in the period — `score` the share rated 4 or 5 (%), `average` (1–5), `count`;
 * - `first_response_seconds`: the median time from asking for a person to the first agent reply, over the
 *   conversations that started waiting in the period and were answered;
 * - `resolution_seconds`: the median time from a conversation's start to its resolution, over those resolved in the period.
 * Null when there is nothing to measure. Medians are exact (percentile over the period's rows, read by the
 * chatbot's indexes on `waiting_since` and `resolved_at`).
 */
export const liveChatFiguresSchema = z.object({
  csat: z
    .object({
      score: z.number().nullable().meta({ description: "Share of ratings that are 4 or 5, in % (null: no ratings)" }),
      average: z.number().nullable().meta({ description: "Average rating, 1–5 (null: no ratings)" }),
      count: z.number().int().nonnegative(),
    })
    .meta({ id: "Csat" }),
  first_response_seconds: z.number().nullable().meta({ description: "Median seconds from asking for a person to the first agent reply" }),
  resolution_seconds: z.number().nullable().meta({ description: "Median seconds from a conversation's start to its resolution" }),
});

export type LiveChatFigures = z.infer<typeof liveChatFiguresSchema>;

const dayAfter = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000);

export async function liveChatFigures(db: Db, chatbotId: string, period: Pick<AnalyticsPeriod, "from" | "to">): Promise<LiveChatFigures> {
  const { rows } = await poolOf(db).query<{ count: number; average: number | null; score: number | null; first_response: number | null; resolution: number | null }>({
    name: "analytics_live_chat_figures",
    text: `SELECT r.count, r.average, r.score,
                  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM f.first_at - c.waiting_since))
                     FROM conversations c
                     CROSS JOIN LATERAL (SELECT min(m.created_at) AS first_at FROM messages m
                                          WHERE m.conversation_id = c.id AND m.role = 'agent' AND m.created_at >= c.waiting_since) f
                    WHERE c.chatbot_id = $1::uuid AND c.waiting_since >= $2 AND c.waiting_since < $3 AND f.first_at IS NOT NULL) AS first_response,
                  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.resolved_at - c.created_at))
                     FROM conversations c WHERE c.chatbot_id = $1::uuid AND c.resolved_at >= $2 AND c.resolved_at < $3) AS resolution
             FROM (SELECT count(*)::int AS count, round(avg(score), 2)::float8 AS average,
                          round(100.0 * count(*) FILTER (WHERE score >= 4) / nullif(count(*), 0), 2)::float8 AS score
                     FROM conversation_ratings WHERE chatbot_id = $1::uuid AND updated_at >= $2 AND updated_at < $3) r`,
    values: [chatbotId, new Date(`${period.from}T00:00:00Z`), dayAfter(period.to)],
  });
  const row = rows[0]!;
  const seconds = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
  return {
    csat: { score: row.score, average: row.average, count: row.count },
    first_response_seconds: seconds(row.first_response),
    resolution_seconds: seconds(row.resolution),
  };
}
