import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * What the analytics result does not split, for the value report (docs/analytics.md, "Breakdown"): the
 * same conversations of the period (started in it, archived or not, the playground's left out as the
 * analytics leave them out) by UTC hour of the day, by where they started (the conversation's `source`; a
 * messaging channel's by the kind of the channel it came from), how many a person was asked for
 * or took part in, and how many the bot answered alone (at least one answered question, no person). The
 * hours add up to `totalConversations` of the analytics result for the same period (a test holds them).
 */
export interface ConversationBreakdown {
  /** 24 entries: conversations started in each UTC hour. */
  byHour: number[];
  /** Conversations per surface: widget, share, api, or the channel's kind (telegram, whatsapp, slack; `channel` when its channel is not known). */
  bySource: Record<string, number>;
  /** Conversations a person was asked for (an escalation) or took part in (an agent's reply, or a status other than the bot's). */
  handedToPerson: number;
  /** Conversations with at least one answered question and no person in them. */
  answeredByBot: number;
}

/**
 * Read from the rollup (analytics_breakdown, kept by sql/rollups.sql: docs/decisions/143-the-report-breakdown-rolled-up.md),
 * a few rows per day of the period whatever its volume. Keys whose sums went back to zero are left out, as a
 * count over the conversations never shows them.
 */
const BREAKDOWN = `
  WITH k AS (
    SELECT hour, source, sum(conversations)::int AS n, sum(handed)::int AS handed, sum(answered)::int AS answered
      FROM analytics_breakdown
     WHERE chatbot_id = $1::uuid AND day BETWEEN $2::date AND $3::date
     GROUP BY hour, source
  )
  SELECT (SELECT coalesce(json_agg(json_build_array(hour, n)), '[]'::json)
            FROM (SELECT hour, sum(n)::int AS n FROM k GROUP BY hour HAVING sum(n) <> 0) h) AS hours,
         (SELECT coalesce(json_object_agg(source, n ORDER BY source), '{}'::json)
            FROM (SELECT source, sum(n)::int AS n FROM k GROUP BY source HAVING sum(n) <> 0) s) AS sources,
         (SELECT coalesce(sum(handed), 0)::int FROM k) AS handed,
         (SELECT coalesce(sum(answered), 0)::int FROM k) AS answered`;

export async function conversationBreakdown(db: Db, chatbotId: string, from: string, to: string): Promise<ConversationBreakdown> {
  const { rows } = await poolOf(db).query<{ hours: [number, number][]; sources: Record<string, number>; handed: number; answered: number }>({
    name: "analytics_breakdown_rollup",
    text: BREAKDOWN,
    values: [chatbotId, from, to],
  });
  const row = rows[0]!;
  const byHour = new Array<number>(24).fill(0);
  for (const [hour, n] of row.hours) byHour[hour] = n;
  return { byHour, bySource: row.sources, handedToPerson: row.handed, answeredByBot: row.answered };
}
